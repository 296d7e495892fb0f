#!/usr/bin/env python3
"""MSAL Python conformance run against `roster sandbox`.

Starts `roster sandbox --tls` with a people file written here, then drives it with Microsoft's own
client library (MSAL Python) and plain `requests`, the way a real app would drive Entra ID and
Graph: device code flow, silent refresh after the access token expired, authorization code +
PKCE, and /v1.0/users with $search, $filter, $top and nextLink paging checked against the people
loaded. Prints `ok`/`FAIL` per check, then `N passed, N failed`; exits non-zero on any failure.
Tokens are never printed.
"""
import argparse
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import warnings

import msal
import requests

# MSAL recommends form_post for web apps; a CLI on a loopback redirect uses query, as here.
warnings.filterwarnings("ignore", message="response_mode='form_post' is recommended")

TOKEN_LIFETIME = 4  # seconds: short, so a real expiry happens within the run

PEOPLE = [
    ("Ada Lovelace", "Ada", "Lovelace", "Chief Executive Officer", "Executive", None),
    ("Grace Hopper", "Grace", "Hopper", "Chief Technology Officer", "Engineering", "ada"),
    ("Ann Smith", "Ann", "Smith", "Engineering Manager", "Engineering", "grace"),
    ("Anna Kowalski", "Anna", "Kowalski", "Software Engineer", "Engineering", "ann.smith"),
    ("Annette Brown", "Annette", "Brown", "Software Engineer", "Engineering", "ann.smith"),
    ("Liam O'Brien", "Liam", "O'Brien", "Site Reliability Engineer", "Engineering", "ann.smith"),
    ("Siobhan O'Brien", "Siobhan", "O'Brien", "Product Manager", "Product", "grace"),
    ("Oscar Bright", "Oscar", "Bright", "Designer", "Product", "siobhan"),
    ("Joanne Price", "Joanne", "Price", "Chief Financial Officer", "Finance", "ada"),
    ("Marcus Smithers", "Marcus", "Smithers", "Accountant", "Finance", "joanne"),
    ("Samir Haddad", "Samir", "Haddad", "Analyst", "Finance", "joanne"),
    ("Priya Natarajan", "Priya", "Natarajan", "Recruiter", "People", "ada"),
    ("Zoe Alund", "Zoe", "Alund", "People Partner", "People", "priya"),
    ("Chen Wei", "Wei", "Chen", "Data Scientist", "Engineering", "grace"),
    ("Hannah Schmidt", "Hannah", "Schmidt", "Support Engineer", "Support", "grace"),
    ("Tomas Andersson", "Tomas", "Andersson", "Support Engineer", "Support", "hannah"),
    ("Fatima Zahra", "Fatima", "Zahra", "Support Engineer", "Support", "hannah"),
    ("Kwame Mensah", "Kwame", "Mensah", "Sales Director", "Sales", "ada"),
    ("Lucia Fernandez", "Lucia", "Fernandez", "Account Executive", "Sales", "kwame"),
    ("Noah Smith", "Noah", "Smith", "Account Executive", "Sales", "kwame"),
    ("Olivia Annan", "Olivia", "Annan", "Sales Engineer", "Sales", "kwame"),
    ("Yuki Tanaka", "Yuki", "Tanaka", "Legal Counsel", "Legal", "ada"),
]
DOMAIN = "conformance.onmicrosoft.com"
NO_PHOTO = "Yuki Tanaka"  # the one person loaded without a photo (404 ImageNotFound)


def nickname(display, given):
    first = display.split()[0].lower()
    return "ann.smith" if display == "Ann Smith" else first


def people_json():
    users = []
    for index, (display, given, surname, title, department, manager) in enumerate(PEOPLE):
        nick = nickname(display, given)
        upn = "{}@{}".format(nick.replace("'", ""), DOMAIN)
        users.append({
            "id": "00000000-0000-4000-8000-{:012d}".format(index + 1),
            "displayName": display, "givenName": given, "surname": surname,
            "mail": upn, "userPrincipalName": upn, "jobTitle": title, "department": department,
            "businessPhones": ["+1 425 555 {:04d}".format(100 + index)], "accountEnabled": True,
            "manager": None if manager is None else "{}@{}".format(manager, DOMAIN),
            "hasPhoto": display != NO_PHOTO,
        })
    return users


class Sandbox:
    """`roster sandbox` as a child process; reads its one line, stops it with SIGTERM."""

    def __init__(self, roster, people_file, ca_file, token_lifetime=TOKEN_LIFETIME):
        args = [roster, "sandbox", "--tls", "--ca-out", ca_file, "--port", "0", "--device-code-interval", "1",
                "--people", people_file]
        if token_lifetime is not None:
            args += ["--token-lifetime", str(token_lifetime)]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: lines.put(self.process.stdout.readline()), daemon=True).start()
        try:
            line = lines.get(timeout=60).strip()
        except queue.Empty:
            self.stop()
            raise RuntimeError("roster sandbox printed nothing within 60 s")
        if not line.startswith("sandbox: "):
            err = self.process.stderr.read() if self.process.poll() is not None else ""
            self.stop()
            raise RuntimeError("unexpected first line {!r} {}".format(line, err.strip()))
        fields = line[len("sandbox: "):].split()
        self.url = fields[0]
        values = dict(field.split("=", 1) for field in fields[1:])
        self.tenant, self.client = values["tenant"], values["client"]
        self.ca = ca_file

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Run:
    def __init__(self):
        self.passed, self.failed = 0, 0

    def check(self, name, function):
        try:
            function()
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
            self.failed += 1
            print("FAIL - {}: {}: {}".format(name, type(error).__name__, error), flush=True)
        else:
            self.passed += 1
            print("ok   - {}".format(name), flush=True)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def describe(result):
    """An MSAL result without its tokens."""
    return {k: v for k, v in (result or {}).items() if k in ("error", "error_description", "error_codes")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roster", required=True, help="path to the built roster binary")
    options = parser.parse_args()

    run = Run()
    with tempfile.TemporaryDirectory(prefix="roster-conformance-") as scratch:
        people_file = os.path.join(scratch, "people.json")
        with open(people_file, "w", encoding="utf-8") as handle:
            json.dump(people_json(), handle)
        sandbox = Sandbox(options.roster, people_file, os.path.join(scratch, "ca.pem"))
        try:
            run.check("MSAL accepts the sandbox as an authority (discovery over TLS)",
                      lambda: setattr(run, "conformance", Conformance(sandbox, run)))
            if getattr(run, "conformance", None):
                run.conformance.all()
        finally:
            sandbox.stop()
        # A second sandbox with Entra's default token lifetimes (60-90 minutes, varying): MSAL's
        # cache is only used for tokens that are not about to expire.
        fidelity_sandbox = Sandbox(options.roster, people_file, os.path.join(scratch, "ca2.pem"), token_lifetime=None)
        try:
            Fidelity(fidelity_sandbox, run).all()
        finally:
            fidelity_sandbox.stop()
    print("{} passed, {} failed".format(run.passed, run.failed), flush=True)
    return 0 if run.failed == 0 and run.passed > 0 else 1


class Conformance:
    def __init__(self, sandbox, run):
        self.sandbox, self.run = sandbox, run
        # trust_env off: REQUESTS_CA_BUNDLE/CURL_CA_BUNDLE would otherwise override `verify`, and
        # proxy variables must not route loopback traffic elsewhere.
        self.http = requests.Session()
        self.http.trust_env = False
        self.http.verify = sandbox.ca
        self.app = msal.PublicClientApplication(
            sandbox.client, authority="{}/{}".format(sandbox.url, sandbox.tenant),
            validate_authority=False, instance_discovery=False, verify=sandbox.ca, http_client=self.http)
        self.users = people_json()
        self.device_result = None

    def all(self):
        checks = [
            ("the line names an https URL, a tenant and the client", self.line),
            ("device flow: MSAL polls through authorization_pending until approved", self.device_flow),
            ("acquire_token_silent refreshes once the access token has expired", self.silent_after_expiry),
            ("acquire_token_silent recovers from the expire-tokens fault", self.silent_after_fault),
            ("auth code flow with PKCE as login_hint", self.auth_code_flow),
            ("auth code flow: a wrong PKCE verifier is refused", self.auth_code_bad_verifier),
            ("Graph $search (ConsistencyLevel: eventual)", self.graph_search),
            ("Graph $filter startswith with an escaped quote", self.graph_filter),
            ("Graph $top + nextLink paging reaches everyone once", self.graph_paging),
            ("Graph /users/{upn} and /manager", self.graph_user_and_manager),
            ("Graph photo metadata, $value at a listed size, and 404 ImageNotFound", self.graph_photo),
        ]
        for name, check in checks:
            self.run.check(name, check)

    # --- identity -----------------------------------------------------------------------------

    def line(self):
        expect(self.sandbox.url.startswith("https://127.0.0.1:"), "URL is " + self.sandbox.url)
        expect(len(self.sandbox.tenant) == 36 and len(self.sandbox.client) == 36, "tenant/client are GUIDs")

    def device_flow(self):
        flow = self.app.initiate_device_flow(scopes=["User.Read", "User.Read.All"])
        expect("user_code" in flow, "no user_code: {}".format(describe(flow)))
        expect(flow.get("verification_uri", "").startswith(self.sandbox.url), "verification_uri points elsewhere")
        expect(flow.get("interval") == 1, "interval is {}".format(flow.get("interval")))

        def approve():
            time.sleep(2.5)  # let MSAL see authorization_pending first
            reply = self.http.post(self.sandbox.url + "/_sandbox/device/approve", json={"user_code": flow["user_code"]})
            reply.raise_for_status()
        approver = threading.Thread(target=approve)
        approver.start()
        result = self.app.acquire_token_by_device_flow(flow)
        approver.join()
        expect("access_token" in result, "device flow failed: {}".format(describe(result)))
        claims = result.get("id_token_claims", {})
        expect(claims.get("preferred_username") == self.users[0]["userPrincipalName"],
               "signed in as {}".format(claims.get("preferred_username")))
        expect(claims.get("aud") == self.sandbox.client, "id token audience")
        self.device_result = result
        expect(self.graph_get("/v1.0/me", result["access_token"]).status_code == 200, "/me refused the new token")

    def silent_after_expiry(self):
        expect(self.device_result is not None, "needs the device flow")
        old = self.device_result["access_token"]
        time.sleep(TOKEN_LIFETIME + 1)
        expect(self.graph_get("/v1.0/me", old).status_code == 401, "an expired token was accepted")
        accounts = self.app.get_accounts()
        expect(len(accounts) == 1, "{} accounts in the cache".format(len(accounts)))
        result = self.app.acquire_token_silent(["User.Read", "User.Read.All"], account=accounts[0])
        expect(result and "access_token" in result, "silent failed: {}".format(describe(result)))
        expect(result["access_token"] != old, "silent returned the expired token")
        expect(self.graph_get("/v1.0/me", result["access_token"]).status_code == 200, "refreshed token refused")

    def silent_after_fault(self):
        token = self.token()
        reply = self.http.post(self.sandbox.url + "/_sandbox/faults", json={"kind": "expire_access_tokens"})
        expect(reply.status_code == 201, "fault not accepted: {}".format(reply.status_code))
        refused = self.graph_get("/v1.0/me", token)
        expect(refused.status_code == 401, "token still accepted after the fault")
        expect(refused.json()["error"]["code"] == "InvalidAuthenticationToken", "401 body code")
        expect(refused.headers.get("WWW-Authenticate", "").startswith("Bearer"), "no WWW-Authenticate")
        fresh = self.token()
        expect(self.graph_get("/v1.0/me", fresh).status_code == 200, "refreshed token refused")

    def auth_code_flow(self):
        upn = self.users[3]["userPrincipalName"]
        flow = self.app.initiate_auth_code_flow(
            ["User.ReadBasic.All"], redirect_uri="http://localhost:8765", login_hint=upn)
        reply = self.http.get(flow["auth_uri"], allow_redirects=False)
        expect(reply.status_code == 302, "authorize answered {}".format(reply.status_code))
        location = reply.headers["Location"]
        expect(location.startswith("http://localhost:8765/?"), "redirected to " + location.split("?")[0])
        params = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))
        expect(params.get("state") == flow["state"], "state not echoed")
        expect("session_state" in params, "no session_state")
        result = self.app.acquire_token_by_auth_code_flow(flow, params)
        expect("access_token" in result, "redemption failed: {}".format(describe(result)))
        expect(result["id_token_claims"].get("preferred_username") == upn, "signed in as the wrong user")
        sent = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(flow["auth_uri"]).query))
        expect(result["id_token_claims"].get("nonce") == sent.get("nonce"), "nonce not echoed")
        listing = self.graph_get("/v1.0/users?$top=1", result["access_token"])
        expect(listing.status_code == 200, "User.ReadBasic.All token could not list users")

    def auth_code_bad_verifier(self):
        flow = self.app.initiate_auth_code_flow(["User.Read"], redirect_uri="http://localhost:8765")
        reply = self.http.get(flow["auth_uri"], allow_redirects=False)
        params = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(reply.headers["Location"]).query))
        flow["code_verifier"] = "x" * 43
        result = self.app.acquire_token_by_auth_code_flow(flow, params)
        expect(result.get("error") == "invalid_grant", "expected invalid_grant, got {}".format(describe(result)))
        expect(501481 in result.get("error_codes", []), "expected AADSTS501481")

    # --- Graph ----------------------------------------------------------------------------------

    def token(self):
        accounts = self.app.get_accounts()
        expect(accounts, "no account cached")
        result = self.app.acquire_token_silent(["User.Read", "User.Read.All"], account=accounts[0])
        expect(result and "access_token" in result, "silent failed: {}".format(describe(result)))
        return result["access_token"]

    def graph_get(self, path_or_url, token, headers=None):
        url = path_or_url if path_or_url.startswith("http") else self.sandbox.url + path_or_url
        return self.http.get(url, headers=dict({"Authorization": "Bearer " + token}, **(headers or {})))

    def collect(self, path, headers=None):
        token, url, users = self.token(), path, []
        for _ in range(100):
            reply = self.graph_get(url, token, headers)
            expect(reply.status_code == 200, "{} answered {}: {}".format(url, reply.status_code, reply.text[:300]))
            body = reply.json()
            users += body["value"]
            url = body.get("@odata.nextLink")
            if not url:
                return users, body
            expect(url.startswith(self.sandbox.url + "/v1.0/users?"), "nextLink is not absolute: " + url)
        raise AssertionError("paging did not end")

    def graph_search(self):
        query = urllib.parse.quote('"displayName:ann"')
        found, _ = self.collect("/v1.0/users?$search=" + query + "&$select=id,displayName",
                                {"ConsistencyLevel": "eventual"})
        expected = {u["id"] for u in self.users
                    if any(word.lower().startswith("ann") for word in split_words(u["displayName"]))}
        expect({u["id"] for u in found} == expected,
               "got {} expected {}".format(sorted(u["displayName"] for u in found), sorted(names(self.users, expected))))
        refused = self.graph_get("/v1.0/users?$search=" + query, self.token())
        expect(refused.status_code == 400, "$search without ConsistencyLevel answered {}".format(refused.status_code))

    def graph_filter(self):
        clause = "startswith(surname,'O''Brien') or startswith(givenName,'Sam')"
        found, _ = self.collect("/v1.0/users?$filter=" + urllib.parse.quote(clause) + "&$select=id,displayName")
        expected = {u["id"] for u in self.users
                    if u["surname"].lower().startswith("o'brien") or u["givenName"].lower().startswith("sam")}
        expect(len(expected) == 3, "fixture changed")
        expect({u["id"] for u in found} == expected, "got {}".format(sorted(u["displayName"] for u in found)))

    def graph_paging(self):
        token = self.token()
        first = self.graph_get("/v1.0/users?$top=3&$count=true&$select=id,displayName", token,
                               {"ConsistencyLevel": "eventual"}).json()
        expect(first.get("@odata.count") == len(self.users), "@odata.count {}".format(first.get("@odata.count")))
        found, last = self.collect("/v1.0/users?$top=3&$select=id,displayName")
        ids = [u["id"] for u in found]
        expect(len(ids) == len(self.users) and set(ids) == {u["id"] for u in self.users},
               "{} users over the pages, {} distinct".format(len(ids), len(set(ids))))
        expect("@odata.nextLink" not in last, "last page has a nextLink")
        bad = self.graph_get("/v1.0/users?$top=1000", token)
        expect(bad.status_code == 400, "$top=1000 answered {}".format(bad.status_code))

    def graph_user_and_manager(self):
        token = self.token()
        person = self.users[5]
        reply = self.graph_get("/v1.0/users/" + urllib.parse.quote(person["userPrincipalName"]), token)
        expect(reply.status_code == 200, "user by UPN answered {}".format(reply.status_code))
        expect(reply.json()["displayName"] == person["displayName"], "wrong person")
        manager = self.graph_get("/v1.0/users/{}/manager".format(person["id"]), token)
        expect(manager.status_code == 200, "manager answered {}".format(manager.status_code))
        expect(manager.json()["userPrincipalName"] == person["manager"], "wrong manager")
        top = self.graph_get("/v1.0/users/{}/manager".format(self.users[0]["id"]), token)
        expect(top.status_code == 404 and top.json()["error"]["code"] == "Request_ResourceNotFound",
               "the CEO's manager answered {}".format(top.status_code))
        missing = self.graph_get("/v1.0/users/nobody@" + DOMAIN, token)
        expect(missing.status_code == 404, "unknown user answered {}".format(missing.status_code))

    def graph_photo(self):
        token = self.token()
        person = self.users[1]
        meta = self.graph_get("/v1.0/users/{}/photo".format(person["id"]), token)
        expect(meta.status_code == 200, "photo metadata answered {}".format(meta.status_code))
        body = meta.json()
        expect(body.get("@odata.mediaContentType") == "image/jpeg", "mediaContentType {}".format(body))
        expect(body.get("@odata.context", "").endswith("/photo/$entity"),
               "context {}".format(body.get("@odata.context")))
        expect(body.get("id") == "{0}X{0}".format(body.get("width")) and body.get("width") == body.get("height"),
               "id/width/height {}".format(body))
        sizes = self.graph_get("/v1.0/users/{}/photos".format(person["id"]), token).json().get("value", [])
        expect([s["id"] for s in sizes][:5] == ["48X48", "64X64", "96X96", "120X120", "240X240"],
               "listed sizes {}".format([s["id"] for s in sizes]))
        expect(sizes[-1]["id"] == body["id"], "/photo is not the largest listed size")
        value = self.graph_get("/v1.0/users/{}/photos/96x96/$value".format(person["id"]), token)
        expect(value.status_code == 200 and value.headers.get("Content-Type") == "image/jpeg",
               "$value answered {} {}".format(value.status_code, value.headers.get("Content-Type")))
        expect(jpeg_size(value.content) == (96, 96), "the JPEG is {}".format(jpeg_size(value.content)))
        me = self.graph_get("/v1.0/me/photo", token).json()
        largest = self.graph_get("/v1.0/me/photo/$value", token)
        expect(jpeg_size(largest.content) == (me.get("width"), me.get("height")),
               "/me/photo/$value is {}, its metadata says {}".format(jpeg_size(largest.content), me.get("id")))
        nobody = next(u for u in self.users if u["displayName"] == NO_PHOTO)
        for path in ("photo", "photo/$value", "photos/48x48/$value"):
            missing = self.graph_get("/v1.0/users/{}/{}".format(nobody["id"], path), token)
            expect(missing.status_code == 404 and missing.json()["error"]["code"] == "ImageNotFound",
                   "{} without a photo answered {} {}".format(path, missing.status_code, missing.text[:200]))


def jpeg_size(data):
    """(width, height) from a baseline JPEG's SOF0 segment, None if it is not one."""
    if data[:2] != b"\xff\xd8" or data[-2:] != b"\xff\xd9":
        return None
    index = 2
    while index + 9 < len(data) and data[index] == 0xFF:
        marker, length = data[index + 1], int.from_bytes(data[index + 2:index + 4], "big")
        if marker == 0xC0:
            return int.from_bytes(data[index + 7:index + 9], "big"), int.from_bytes(data[index + 5:index + 7], "big")
        index += 2 + length
    return None


class Fidelity(Conformance):
    """What MSAL notices when a server is not quite Entra (issue 11): the spelling of the token
    response's scope (MSAL finds its cached token by it), scope rules at sign-in, lifetimes."""

    def all(self):
        checks = [
            ("device flow with Entra's default lifetime", self.sign_in),
            ("token scope is spelled as Entra spells it (User.Read ... profile openid email)", self.scope_spelling),
            ("expires_in varies within 60-90 minutes", self.lifetimes),
            ("a second acquire_token_silent sends no request (the cached token is found)", self.cache_reuse),
            (".default mixed with a named permission is invalid_scope AADSTS70011", self.default_mixed),
            ("a real Graph permission not yet granted (Mail.Read) is consented at sign-in", self.new_permission),
        ]
        for name, check in checks:
            self.run.check(name, check)

    def device_sign_in(self, scopes):
        flow = self.app.initiate_device_flow(scopes=scopes)
        expect("user_code" in flow, "no user_code: {}".format(describe(flow)))
        reply = self.http.post(self.sandbox.url + "/_sandbox/device/approve", json={"user_code": flow["user_code"]})
        reply.raise_for_status()
        result = self.app.acquire_token_by_device_flow(flow)
        expect("access_token" in result, "device flow failed: {}".format(describe(result)))
        return result

    def sign_in(self):
        self.device_result = self.device_sign_in(["User.Read", "User.Read.All"])

    def scope_spelling(self):
        expect(self.device_result is not None, "needs the sign-in")
        granted = self.device_result.get("scope", "").split()
        expect(granted[:2] == ["User.Read", "User.Read.All"], "scope is {}".format(granted))
        expect({"profile", "openid", "email"} <= set(granted), "OpenID scopes granted: {}".format(granted))
        expect(not any(part.startswith("https://") for part in granted), "resource-qualified: {}".format(granted))

    def lifetimes(self):
        seen = {self.device_result["expires_in"]}
        accounts = self.app.get_accounts()
        for _ in range(4):
            result = self.app.acquire_token_silent(["User.Read"], account=accounts[0], force_refresh=True)
            expect(result and "access_token" in result, "refresh failed: {}".format(describe(result)))
            seen.add(result["expires_in"])
        expect(all(3600 <= value <= 5400 for value in seen), "expires_in {}".format(sorted(seen)))
        expect(len(seen) > 1, "expires_in never varied: {}".format(sorted(seen)))

    def logged(self):
        reply = self.http.get(self.sandbox.url + "/_sandbox/requests")
        reply.raise_for_status()
        return [entry["path"] for entry in reply.json()["requests"]]

    def cache_reuse(self):
        accounts = self.app.get_accounts()
        expect(len(accounts) == 1, "{} accounts".format(len(accounts)))
        first = self.app.acquire_token_silent(["User.Read", "User.Read.All"], account=accounts[0])
        expect(first and "access_token" in first, "silent failed: {}".format(describe(first)))
        self.http.delete(self.sandbox.url + "/_sandbox/requests").raise_for_status()
        second = self.app.acquire_token_silent(["User.Read", "User.Read.All"], account=accounts[0])
        expect(second and second.get("access_token") == first["access_token"], "a different token came back")
        expect(second.get("token_source") in (None, "cache"), "token_source {}".format(second.get("token_source")))
        sent = [path for path in self.logged() if not path.startswith("/_sandbox")]
        expect(sent == [], "the second call sent {}".format(sent))

    def default_mixed(self):
        scope = "https://graph.microsoft.com/.default https://graph.microsoft.com/User.Read"
        reply = self.http.post("{}/{}/oauth2/v2.0/devicecode".format(self.sandbox.url, self.sandbox.tenant),
                               data={"client_id": self.sandbox.client, "scope": scope})
        expect(reply.status_code == 400, "devicecode answered {}".format(reply.status_code))
        body = reply.json()
        expect(body.get("error") == "invalid_scope" and 70011 in body.get("error_codes", []), "got {}".format(body))
        authorize = self.http.get("{}/{}/oauth2/v2.0/authorize".format(self.sandbox.url, self.sandbox.tenant), params={
            "client_id": self.sandbox.client, "response_type": "code", "redirect_uri": "http://localhost:8765",
            "scope": scope, "state": "s", "code_challenge": "x" * 43, "code_challenge_method": "S256",
        }, allow_redirects=False)
        expect(authorize.status_code == 302, "authorize answered {}".format(authorize.status_code))
        params = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(authorize.headers["Location"]).query))
        expect(params.get("error") == "invalid_scope" and "AADSTS70011" in params.get("error_description", ""),
               "authorize redirected with {}".format({k: v for k, v in params.items() if k != "state"}))
        alone = self.http.post("{}/{}/oauth2/v2.0/devicecode".format(self.sandbox.url, self.sandbox.tenant),
                               data={"client_id": self.sandbox.client, "scope": "https://graph.microsoft.com/.default"})
        expect(alone.status_code == 200, ".default alone answered {}".format(alone.status_code))

    def new_permission(self):
        result = self.device_sign_in(["Mail.Read"])
        expect("Mail.Read" in result.get("scope", "").split(), "scope is {}".format(result.get("scope")))


def split_words(text):
    word, words = "", []
    for char in text:
        if char.isalnum():
            word += char
        elif word:
            words.append(word)
            word = ""
    return words + ([word] if word else [])


def names(users, ids):
    return [u["displayName"] for u in users if u["id"] in ids]


if __name__ == "__main__":
    sys.exit(main())

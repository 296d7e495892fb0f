/// getSchedule's example response from Graph's reference page (api/calendar-getschedule.md),
/// with the times in Pacific time as that example asked for them.
enum ScheduleFixture {
  static let graphExample = #"""
    {
      "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#Collection(microsoft.graph.scheduleInformation)",
      "value": [
        {
          "scheduleId": "adelev@contoso.onmicrosoft.com",
          "availabilityView": "000220000",
          "scheduleItems": [
            {
              "isPrivate": false, "status": "busy", "subject": "Let's go for lunch", "location": "Harry's Bar",
              "start": {"dateTime": "2019-03-15T12:00:00.0000000", "timeZone": "Pacific Standard Time"},
              "end": {"dateTime": "2019-03-15T14:00:00.0000000", "timeZone": "Pacific Standard Time"}
            }
          ],
          "workingHours": {
            "daysOfWeek": ["monday", "tuesday", "wednesday", "thursday", "friday"],
            "startTime": "08:00:00.0000000", "endTime": "17:00:00.0000000",
            "timeZone": {"name": "Pacific Standard Time"}
          }
        },
        {
          "scheduleId": "meganb@contoso.onmicrosoft.com",
          "availabilityView": "200220010",
          "scheduleItems": [
            {"status": "busy", "start": {"dateTime": "2019-03-15T08:30:00.0000000", "timeZone": "Pacific Standard Time"},
             "end": {"dateTime": "2019-03-15T09:30:00.0000000", "timeZone": "Pacific Standard Time"}},
            {"status": "busy", "start": {"dateTime": "2019-03-15T12:00:00.0000000", "timeZone": "Pacific Standard Time"},
             "end": {"dateTime": "2019-03-15T14:00:00.0000000", "timeZone": "Pacific Standard Time"}},
            {"status": "tentative", "start": {"dateTime": "2019-03-15T12:00:00.0000000", "timeZone": "Pacific Standard Time"},
             "end": {"dateTime": "2019-03-15T13:00:00.0000000", "timeZone": "Pacific Standard Time"}},
            {"status": "busy", "start": {"dateTime": "2019-03-15T13:00:00.0000000", "timeZone": "Pacific Standard Time"},
             "end": {"dateTime": "2019-03-15T14:00:00.0000000", "timeZone": "Pacific Standard Time"}},
            {"status": "tentative", "start": {"dateTime": "2019-03-15T16:00:00.0000000", "timeZone": "Pacific Standard Time"},
             "end": {"dateTime": "2019-03-15T17:00:00.0000000", "timeZone": "Pacific Standard Time"}}
          ],
          "workingHours": {
            "daysOfWeek": ["monday", "tuesday", "wednesday", "thursday", "friday"],
            "startTime": "08:00:00.0000000", "endTime": "17:00:00.0000000",
            "timeZone": {
              "@odata.type": "#microsoft.graph.customTimeZone",
              "bias": 480, "name": "Customized Time Zone",
              "standardOffset": {"time": "02:00:00.0000000", "dayOccurrence": 1, "dayOfWeek": "sunday", "month": 11, "year": 0},
              "daylightOffset": {
                "daylightBias": -60, "time": "02:00:00.0000000", "dayOccurrence": 2, "dayOfWeek": "sunday",
                "month": 3, "year": 0
              }
            }
          }
        }
      ]
    }
    """#
}

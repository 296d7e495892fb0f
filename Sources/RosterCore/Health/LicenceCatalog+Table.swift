// Generated data: SKU part number (String_Id) -> product name (Product_Display_Name).
//
// Source: Microsoft, "Product names and service plan identifiers for licensing"
// (learn.microsoft.com/entra/identity/users/licensing-service-plan-reference, CSV columns
// Product_Display_Name, String_Id, GUID, Service_Plan_Name, Service_Plan_Id, ...),
// read on 2026-11-27 from the public copy in GitHub nubrixsecurity/zero-trust-assessment
// (commit 082295adb083e479bad6070b05d1776225a57095), the whole file (1,030,292 characters).
// `csvRows` are all 568 unique (String_Id, Product_Display_Name) pairs of that copy, in the
// CSV's order (products "AI Builder Capacity add-on" to "Workload Identities Premium").
// A string id that appears twice (compared ignoring case) keeps its first name; stray spaces
// around a string id in the CSV (e.g. "MCOCAP_FACULTY ") are dropped. See
// docs/decisions/ui-terminal.md#ui--account-health-for-ops ("Licence names"). Regenerate from a
// full copy with the same two columns; LicenceCatalog reads whatever is here.

extension LicenceCatalog {
  /// `String_Id<TAB>Product_Display_Name` per line, from the CSV copy named above.
  static let csvRows = """
    CDSAICAPACITY\tAI Builder Capacity add-on
    SPZA_IW\tApp Connect IW
    Microsoft_Cloud_App_Security_App_Governance_Add_On\tApp governance add-on to Microsoft Defender for Cloud Apps
    CAREERCOACH_FACULTY\tCareer Coach for faculty
    CAREERCOACH_STUDENTS\tCareer Coach for students
    Clipchamp_Premium\tClipchamp Premium
    Clipchamp_Standard\tClipchamp Standard
    MCOMEETADV\tMicrosoft 365 Audio Conferencing
    AAD_BASIC\tMicrosoft Entra ID Basic
    AAD_PREMIUM\tMicrosoft Entra ID P1
    AAD_PREMIUM_FACULTY\tMicrosoft Entra ID P1 for Faculty
    AAD_PREMIUM_USGOV_GCCHIGH\tMicrosoft Entra ID P1_USGOV_GCCHIGH
    AAD_PREMIUM_P2\tMicrosoft Entra ID P2
    RIGHTSMANAGEMENT\tAzure Information Protection Plan 1
    RIGHTSMANAGEMENT_CE\tAzure Information Protection Plan 1
    RIGHTSMANAGEMENT_CE_USGOV_GCCHIGH\tAzure Information Protection Premium P1_USGOV_GCCHIGH
    OFFICEBASIC\tBasic Collaboration
    SMB_APPS\tBusiness Apps (free)
    CDS_FILE_CAPACITY\tCommon Data Service for Apps File Capacity
    CDS_DB_CAPACITY\tCommon Data Service Database Capacity
    CDS_DB_CAPACITY_GOV\tCommon Data Service Database Capacity for Government
    CDS_LOG_CAPACITY\tCommon Data Service Log Capacity
    MCOPSTNC\tCommunications Credits
    CMPA_addon\tCompliance Manager Premium Assessment Add-On
    CMPA_addon_GCC\tCompliance Manager Premium Assessment Add-On for GCC
    Defender_Threat_Intelligence\tDefender Threat Intelligence
    MESSAGING_GCC_TEST\tDigital Messaging for GCC Test SKU
    CRMSTORAGE\tDynamics 365 - Additional Database Storage (Qualified Offer)
    CRMINSTANCE\tDynamics 365 - Additional Production Instance (Qualified Offer)
    CRMTESTINSTANCE\tDynamics 365 - Additional Non-Production Instance (Qualified Offer)
    SOCIAL_ENGAGEMENT_APP_USER\tDynamics 365 AI for Market Insights (Preview)
    DYN365_ASSETMANAGEMENT\tDynamics 365 Asset Management Addl Assets
    DYN365_BUSCENTRAL_ADD_ENV_ADDON\tDynamics 365 Business Central Additional Environment Addon
    DYN365_BUSCENTRAL_DB_CAPACITY\tDynamics 365 Business Central Database Capacity
    DYN365_BUSCENTRAL_ESSENTIAL\tDynamics 365 Business Central Essentials
    Dynamics_365_Business_Central_Essentials_Attach\tDynamics 365 Business Central Essentials Attach
    DYN365_FINANCIALS_ACCOUNTANT_SKU\tDynamics 365 Business Central External Accountant
    PROJECT_MADEIRA_PREVIEW_IW_SKU\tDynamics 365 Business Central for IWs
    DYN365_BUSCENTRAL_PREMIUM\tDynamics 365 Business Central Premium
    DYN365_BUSCENTRAL_TEAM_MEMBER\tDynamics 365 Business Central Team Members
    DYN365_RETAIL_TRIAL\tDynamics 365 Commerce Trial
    DYN365_ENTERPRISE_PLAN1\tDynamics 365 Customer Engagement Plan
    DYN365_CUSTOMER_INSIGHTS_ATTACH\tDynamics 365 Customer Insights Attach
    DYN365_CS_MESSAGING_GOV\tDynamics 365 for Customer Service Digital Messaging add-on for Government
    DYN365_CS_OC_MESSAGING_VOICE_GOV\tDynamics 365 Customer Service Digital Messaging and Voice Add-in for Government
    DYN365_CS_OC_MESSAGING_VOICE_GOV_TEST\tDynamics 365 Customer Service Digital Messaging and Voice Add-in for Government for Test
    DYN365_CS_CHAT_GOV\tDynamics 365 for Customer Service Chat for Government
    Dynamics_365_Customer_Service_Enterprise_admin_trial\tDynamics 365 Customer Service Enterprise Admin
    DYN365_CUSTOMER_INSIGHTS_BASE\tDynamics 365 Customer Insights Standalone
    DYN365_CUSTOMER_INSIGHTS_VIRAL\tDynamics 365 Customer Insights vTrial
    D365_CUSTOMER_SERVICE_ENT_ATTACH\tDynamics 365 for Customer Service Enterprise Attach to Qualifying Dynamics 365 Base Offer A
    D365_ENTERPRISE_CUSTOMER_SERVICE_GOV\tDynamics 365 for Customer Service Enterprise for Government
    Dynamics_365_Customer_Service_Enterprise_viral_trial\tDynamics 365 Customer Service Enterprise Viral Trial
    DYN365_AI_SERVICE_INSIGHTS\tDynamics 365 Customer Service Insights Trial
    FORMS_PRO\tDynamics 365 Customer Voice Trial
    DYN365_CUSTOMER_SERVICE_PRO\tDynamics 365 Customer Service Professional
    D365_CUSTOMER_SERVICE_PRO_ATTACH\tDynamics 365 for Customer Service Professional Attach to Qualifying Dynamics 365 Base Offer
    DYN365_CUSTOMER_VOICE_BASE\tDynamics 365 Customer Voice
    Forms_Pro_AddOn\tDynamics 365 Customer Voice Additional Responses
    DYN365_CUSTOMER_VOICE_ADDON\tDynamics 365 Customer Voice Additional Responses
    Forms_Pro_USL\tDynamics 365 Customer Voice USL
    CRMSTORAGE_GCC\tDynamics 365 Enterprise Edition - Additional Database Storage for Government
    CRM_ONLINE_PORTAL_GCC\tDynamics 365 Enterprise Edition - Additional Portal for Government
    CRM_ONLINE_PORTAL_NOPREREQ\tDynamics 365 Enterprise Edition - Additional Portal for Government
    CRM_ONLINE_PORTAL\tDynamics 365 Enterprise Edition - Additional Portal (Qualified Offer)
    CRMTESTINSTANCE_GCC\tDynamics 365 Enterprise Edition - Additional Non-Production Instance for Government
    CRMTESTINSTANCE_NOPREREQ\tDynamics 365 - Additional Non-Production Instance for Government
    CRMINSTANCE_GCC\tDynamics 365 Enterprise Edition - Additional Production Instance for Government
    CRM_AUTO_ROUTING_ADDON\tDynamics 365 Field Service, Enterprise Edition - Resource Scheduling Optimization
    D365_FIELD_SERVICE_CONTRACTOR_GOV\tDynamics 365 Field Service Contractor for Government
    Dynamics_365_Field_Service_Enterprise_viral_trial\tDynamics 365 Field Service Viral Trial
    DYN365_FINANCE\tDynamics 365 Finance
    DYN365_ENTERPRISE_CASE_MANAGEMENT\tDynamics 365 for Case Management Enterprise Edition
    D365_ENTERPRISE_CASE_MANAGEMENT_GOV\tDynamics 365 for Case Management, Enterprise Edition for Government
    DYN365_ENTERPRISE_CASE_MANAGEMENT_GOV\tDynamics 365 for Case Management, Enterprise Edition for Government
    DYN365_RETAIL\tDynamics 365 Commerce
    DYN365_CS_CHAT\tDynamics 365 for Customer Service Chat
    DYN365_ENTERPRISE_CUSTOMER_SERVICE\tDynamics 365 for Customer Service Enterprise Edition
    DYN365_ENTERPRISE_CUSTOMER_SERVICE_GOV\tDynamics 365 for Customer Service, Enterprise Edition for Government
    D365_FIELD_SERVICE_ATTACH\tDynamics 365 for Field Service Attach to Qualifying Dynamics 365 Base Offer
    DYN365_ENTERPRISE_FIELD_SERVICE\tDynamics 365 for Field Service Enterprise Edition
    DYN365_ENTERPRISE_FIELD_SERVICE_GOV\tDynamics 365 for Field Service Enterprise Edition for Government
    D365_ENTERPRISE_FIELD_SERVICE_GOV\tDynamics 365 for Field Service for Government
    DYN365_FINANCIALS_BUSINESS_SKU\tDynamics 365 for Financials Business Edition
    Dynamics_365_Guides_vTrial\tDynamics 365 Guides vTrial
    CRM_HYBRIDCONNECTOR\tDynamics 365 Hybrid Connector
    DYN365_MARKETING_APPLICATION_ADDON\tDynamics 365 for Marketing Additional Application
    DYN365_MARKETING_CONTACT_ADDON_T3\tDynamics 365 for Marketing Addnl Contacts Tier 3
    DYN365_MARKETING_CONTACT_ADDON_T5\tDynamics 365 for Marketing Addnl Contacts Tier 5
    DYN365_MARKETING_SANDBOX_APPLICATION_ADDON\tDynamics 365 for Marketing Additional Non-Prod Application
    DYN365_MARKETING_APP_ATTACH\tDynamics 365 for Marketing Attach
    D365_MARKETING_USER\tDynamics 365 for Marketing USL
    Dynamics_365_Multi_app_\tDynamics 365 Multi-app
    Dyn365_Operations_Activity\tDynamics 365 Operations – Activity
    DYN365_PROJECT_OPERATIONS_ATTACH\tDynamics 365 Project Operations Attach
    DYN365_ENTERPRISE_PROJECT_SERVICE_AUTOMATION_GOV\tDynamics 365 for Project Service Automation Enterprise Edition for Government
    DYN365_ENTERPRISE_SALES_CUSTOMERSERVICE\tDynamics 365 for Sales and Customer Service Enterprise Edition
    DYN365_ENTERPRISE_SALES\tDynamics 365 for Sales Enterprise Edition
    DYN365_ENTERPRISE_SALES_GOV\tDynamics 365 for Sales, Enterprise Edition for Government
    D365_ENTERPRISE_SALES_GOV\tDynamics 365 for Sales Enterprise for Government
    Dynamics_365_Sales_Field_Service_and_Customer_Service_Partner_Sandbox\tDynamics 365 Sales, Field Service and Customer Service Partner Sandbox
    DYN365_SALES_PREMIUM\tDynamics 365 Sales Premium
    DYN365_SCM_ATTACH\tDynamics 365 for Supply Chain Management Attach to Qualifying Dynamics 365 Base Offer
    DYN365_BUSINESS_MARKETING\tDynamics 365 for Marketing Business Edition
    DYN365_REGULATORY_SERVICE\tDynamics 365 Regulatory Service - Enterprise Edition Trial
    Dynamics_365_Sales_Premium_Viral_Trial\tDynamics 365 Sales Premium Viral Trial
    D365_SALES_PRO\tDynamics 365 For Sales Professional
    D365_SALES_PRO_GOV\tDynamics 365 for Sales Professional for Government
    D365_SALES_PRO_IW\tDynamics 365 For Sales Professional Trial
    D365_SALES_PRO_ATTACH\tDynamics 365 Sales Professional Attach to Qualifying Dynamics 365 Base Offer
    DYN365_SCM\tDynamics 365 for Supply Chain Management
    SKU_Dynamics_365_for_HCM_Trial\tDynamics 365 for Talent
    Dynamics_365_Hiring_SKU\tDynamics 365 Talent: Attract
    DYN365_ENTERPRISE_TEAM_MEMBERS\tDynamics 365 for Team Members Enterprise Edition
    DYN365_ENTERPRISE_TEAM_MEMBERS_GOV\tDynamics 365 for Team Members Enterprise Edition for Government
    GUIDES_USER\tDynamics 365 Guides
    Dynamics_365_for_Operations_Devices\tDynamics 365 Operations - Device
    Dynamics_365_for_Operations_Sandbox_Tier2_SKU\tDynamics 365 Operations - Sandbox Tier 2:Standard Acceptance Testing
    Dynamics_365_for_Operations_Sandbox_Tier4_SKU\tDynamics 365 Operations - Sandbox Tier 4:Standard Performance Testing
    DYN365_ENTERPRISE_P1_IW\tDynamics 365 P1 Tria for Information Workers
    DYN365_PROJECT_OPERATIONS\tDynamics 365 Project Operations
    MICROSOFT_REMOTE_ASSIST\tDynamics 365 Remote Assist
    MICROSOFT_REMOTE_ASSIST_HOLOLENS\tDynamics 365 Remote Assist HoloLens
    D365_SALES_ENT_ATTACH\tDynamics 365 Sales Enterprise Attach to Qualifying Dynamics 365 Base Offer
    DYNAMICS_365_ONBOARDING_SKU\tDynamics 365 Talent: Onboard
    DYN365_TEAM_MEMBERS\tDynamics 365 Team Members
    Dynamics_365_for_Operations\tDynamics 365 UNF OPS Plan ENT Edition
    EMS_EDU_FACULTY\tEnterprise Mobility + Security A3 for Faculty
    EMS\tEnterprise Mobility + Security E3
    EMSPREMIUM\tEnterprise Mobility + Security E5
    EMSPREMIUM_USGOV_GCCHIGH\tEnterprise Mobility + Security E5_USGOV_GCCHIGH
    EMS_GOV\tEnterprise Mobility + Security G3 GCC
    EMSPREMIUM_GOV\tEnterprise Mobility + Security G5 GCC
    EOP_ENTERPRISE_PREMIUM\tExchange Enterprise CAL Services (EOP DLP)
    EXCHANGESTANDARD\tExchange Online (Plan 1)
    EXCHANGESTANDARD_ALUMNI\tExchange Online (Plan 1) for Alumni with Yammer
    EXCHANGESTANDARD_STUDENT\tExchange Online (Plan 1) for Students
    EXCHANGESTANDARD_GOV\tExchange Online (Plan 1) for GCC
    EXCHANGEENTERPRISE\tExchange Online (Plan 2)
    EXCHANGEENTERPRISE_FACULTY\tExchange Online (Plan 2) for Faculty
    EXCHANGEARCHIVE_ADDON\tExchange Online Archiving for Exchange Online
    EXCHANGEARCHIVE\tExchange Online Archiving for Exchange Server
    EXCHANGEESSENTIALS\tExchange Online Essentials (ExO P1 Based)
    EXCHANGE_S_ESSENTIALS\tExchange Online Essentials
    EXCHANGEDESKLESS\tExchange Online Kiosk
    EXCHANGETELCO\tExchange Online POP
    EOP_ENTERPRISE\tExchange Online Protection
    INTUNE_A\tIntune
    INTUNE_EDU\tIntune for Education
    AX7_USER_TRIAL\tMicrosoft Dynamics AX7 User Trial
    CRMPLAN2_GCC\tMicrosoft Dynamics CRM Online Basic for Government
    CRMSTANDARD_GCC\tMicrosoft Dynamics CRM Online for Government
    MFA_STANDALONE\tMicrosoft Azure Multi-Factor Authentication
    THREAT_INTELLIGENCE\tMicrosoft Defender for Office 365 (Plan 2)
    M365EDU_A1\tMicrosoft 365 A1
    M365EDU_A3_FACULTY\tMicrosoft 365 A3 for Faculty
    M365EDU_A3_STUDENT\tMicrosoft 365 A3 for Students
    M365EDU_A3_STUUSEBNFT\tMicrosoft 365 A3 for students use benefit
    Microsoft 365 A3 Suite features for faculty\tMicrosoft 365 A3 Suite features for faculty
    M365EDU_A3_STUUSEBNFT_RPA1\tMicrosoft 365 A3 - Unattended License for students use benefit
    M365EDU_A5_FACULTY\tMicrosoft 365 A5 for Faculty
    M365EDU_A5_STUDENT\tMicrosoft 365 A5 for Students
    M365EDU_A5_STUUSEBNFT\tMicrosoft 365 A5 for students use benefit
    M365_A5_SUITE_COMPONENTS_FACULTY\tMicrosoft 365 A5 Suite features for faculty
    M365EDU_A5_NOPSTNCONF_STUUSEBNFT\tMicrosoft 365 A5 without Audio Conferencing for students use benefit
    O365_BUSINESS\tMicrosoft 365 Apps for Business
    SMB_BUSINESS\tMicrosoft 365 Apps for Business
    OFFICESUBSCRIPTION\tMicrosoft 365 Apps for Enterprise
    OFFICE_PROPLUS_DEVICE1\tMicrosoft 365 Apps for enterprise (device)
    OFFICESUBSCRIPTION_STUDENT\tMicrosoft 365 Apps for Students
    OFFICESUBSCRIPTION_FACULTY\tMicrosoft 365 Apps for Faculty
    MCOMEETADV_FACULTY\tMicrosoft 365 Audio Conferencing for faculty
    MCOMEETADV_GOV\tMicrosoft 365 Audio Conferencing for GCC
    MCOMEETADV_USGOV_GCCHIGH\tMicrosoft 365 Audio Conferencing_USGOV_GCCHIGH
    MCOACBYOT_AR_GCCHIGH_USGOV_GCCHIGH\tMicrosoft 365 Audio Conferencing - GCCHigh Tenant (AR)_USGOV_GCCHIGH
    MCOMEETACPEA\tMicrosoft 365 Audio Conferencing Pay-Per-Minute - EA
    O365_BUSINESS_ESSENTIALS\tMicrosoft 365 Business Basic
    SMB_BUSINESS_ESSENTIALS\tMicrosoft 365 Business Basic
    Microsoft_365_Business_Basic_(no Teams)\tMicrosoft 365 Business Basic (no Teams)
    Microsoft_365_Business_Basic_EEA_(no_Teams)\tMicrosoft 365 Business Basic EEA (no Teams)
    O365_BUSINESS_PREMIUM\tMicrosoft 365 Business Standard
    MICROSOFT_365_BUSINESS_STANDARD_NO_TEAMS\tMicrosoft 365 Business Standard (no Teams)
    Office_365_w/o_Teams_Bundle_Business_Standard\tMicrosoft 365 Business Standard EEA (no Teams)
    Microsoft_365_Business_Standard_EEA_(no_Teams)\tMicrosoft 365 Business Standard EEA (no Teams)
    SMB_BUSINESS_PREMIUM\tMicrosoft 365 Business Standard - Prepaid Legacy
    SPB\tMicrosoft 365 Business Premium
    Microsoft_365_ Business_ Premium_(no Teams)\tMicrosoft 365 Business Premium (no Teams)
    Microsoft_365_Business_Premium_Donation_(Non_Profit_Pricing)\tMicrosoft 365 Business Premium Donation
    Office_365_w/o_Teams_Bundle_Business_Premium\tMicrosoft 365 Business Premium EEA (no Teams)
    BUSINESS_VOICE_MED2_TELCO\tMicrosoft 365 Business Voice (US)
    BUSINESS_VOICE_DIRECTROUTING\tMicrosoft 365 Business Voice (without Calling Plan)
    BUSINESS_VOICE\tMicrosoft 365 Business Voice (UK
    BUSINESS_VOICE_DIRECTROUTING_MED\tMicrosoft 365 Business Voice (without Calling Plan) for US
    BUSINESS_VOICE_MED2\tMicrosoft 365 Business Voice
    Microsoft_365_Copilot_EDU\tMicrosoft 365 Copilot (Education Faculty)
    M365_Copilot\tMicrosoft Copilot for Microsoft 365
    MCOPSTN5_US\tMicrosoft 365 Domestic Calling Plan (120 minutes) - US
    SPE_E3\tMicrosoft 365 E3
    Microsoft_365_E3_(no_Teams)\tMicrosoft 365 E3 (no Teams)
    O365_w/o Teams Bundle_M3\tMicrosoft 365 E3 EEA (no Teams)
    Microsoft_365_E3_Extra_Features\tMicrosoft 365 E3 Extra Features
    Microsoft_365_E3_EEA_(no_Teams)_Unattended_License\tMicrosoft 365 E3 EEA (no Teams) - Unattended License
    SPE_E3_RPA1\tMicrosoft 365 E3 - Unattended License
    Microsoft_365_E3\tMicrosoft 365 E3 (500 seats min)_HUB
    Microsoft_Teams_EEA_New\tMicrosoft Teams EEA
    O365_w/o Teams Bundle_M3_(500_seats_min)_HUB\tMicrosoft 365 E3 EEA (no Teams) (500 seats min)_HUB
    SPE_E3_USGOV_DOD\tMicrosoft 365 E3_USGOV_DOD
    SPE_E3_USGOV_GCCHIGH\tMicrosoft 365 E3_USGOV_GCCHIGH
    SPE_E5\tMicrosoft 365 E5
    Microsoft_365_E5_EEA_(no_Teams)_with_Calling_Minutes\tMicrosoft 365 E5 EEA (no Teams) with Calling Minutes
    Microsoft_365_E5_EEA_(no_Teams)_without_Audio_Conferencing\tMicrosoft 365 E5 EEA (no Teams) without Audio Conferencing
    Microsoft_365_E5\tMicrosoft 365 E5 (500 seats min)_HUB
    DEVELOPERPACK_E5\tMicrosoft 365 E5 Developer (without Windows and Audio Conferencing)
    INFORMATION_PROTECTION_COMPLIANCE\tMicrosoft 365 E5 Compliance
    O365_w/o_Teams_Bundle_M5\tMicrosoft 365 E5 EEA (no Teams)
    IDENTITY_THREAT_PROTECTION\tMicrosoft 365 E5 Security
    IDENTITY_THREAT_PROTECTION_FOR_EMS_E5\tMicrosoft 365 E5 Security for EMS E5
    SPE_E5_CALLINGMINUTES\tMicrosoft 365 E5 with Calling Minutes
    SPE_E5_NOPSTNCONF\tMicrosoft 365 E5 without Audio Conferencing
    Microsoft_365_E5_without_Audio_Conferencing\tMicrosoft 365 E5 without Audio Conferencing (500 seats min)_HUB
    O365_w/o_Teams_Bundle_M5_(500_seats_min)_HUB\tMicrosoft 365 E5 EEA (no Teams) (500 seats min)_HUB
    Microsoft_365_E5_EEA_(no_Teams)_without_Audio_Conferencing_(500_seats_min)_HUB\tMicrosoft 365 E5 EEA (no Teams) without Audio Conferencing (500 seats min)_HUB
    SPE_E5_USGOV_GCCHIGH\tMicrosoft 365 E5_USGOV_GCCHIGH
    M365_F1\tMicrosoft 365 F1
    Microsoft_365_F1_EEA_(no_Teams)\tMicrosoft 365 F1 EEA (no Teams)
    SPE_F1\tMicrosoft 365 F3
    Microsoft_365_F3_EEA_(no_Teams)\tMicrosoft 365 F3 EEA (no Teams)
    M365_F1_GOV\tMicrosoft 365 F3 GCC
    SPE_F5_COMP\tMicrosoft 365 F5 Compliance Add-on
    SPE_F5_COMP_AR_D_USGOV_DOD\tMicrosoft 365 F5 Compliance Add-on AR (DOD)_USGOV_DOD
    SPE_F5_COMP_AR_USGOV_GCCHIGH\tMicrosoft 365 F5 Compliance Add-on AR_USGOV_GCCHIGH
    SPE_F5_COMP_GCC\tMicrosoft 365 F5 Compliance Add-on GCC
    SPE_F5_SEC\tMicrosoft 365 F5 Security Add-on
    SPE_F5_SECCOMP\tMicrosoft 365 F5 Security + Compliance Add-on
    M365_G5_GCC\tMicrosoft 365 GCC G5
    M365_G5_GOV\tMicrosoft 365 GCC G5 w/o WDATP/CAS Unified
    M365_E5_SUITE_COMPONENTS\tMicrosoft 365 E5 Suite features
    M365_F1_COMM\tMicrosoft 365 F1
    M365_G3_GOV\tMicrosoft 365 G3 GCC
    M365_G3_RPA1_GOV\tMicrosoft 365 G3 - Unattended License for GCC
    Microsoft365_Lighthouse\tMicrosoft 365 Lighthouse
    Microsoft_Viva_Sales\tMicrosoft Sales Copilot
    M365_SECURITY_COMPLIANCE_FOR_FLW\tMicrosoft 365 Security and Compliance for Firstline Workers
    MICROSOFT_BUSINESS_CENTER\tMicrosoft Business Center
    Microsoft_365_Copilot\tMicrosoft Copilot for Microsoft 365
    ADALLOM_STANDALONE\tMicrosoft Cloud App Security
    Microsoft_Cloud_for_Sustainability_vTrial\tMicrosoft Cloud for Sustainability vTrial
    MDE_SMB\tMicrosoft Defender for Business
    WIN_DEF_ATP\tMicrosoft Defender for Endpoint
    Microsoft_Defender_for_Endpoint_F2\tMicrosoft Defender for Endpoint F2
    DEFENDER_ENDPOINT_P1\tMicrosoft Defender for Endpoint P1
    DEFENDER_ENDPOINT_P1_EDU\tMicrosoft Defender for Endpoint P1 for EDU
    MDATP_XPLAT\tMicrosoft Defender for Endpoint P2_XPLAT
    MDATP_Server\tMicrosoft Defender for Endpoint Server
    CRMPLAN2\tMicrosoft Dynamics CRM Online Basic
    ATA\tMicrosoft Defender for Identity
    ATP_ENTERPRISE_FACULTY\tMicrosoft Defender for Office 365 (Plan 1) Faculty
    ATP_ENTERPRISE_GOV\tMicrosoft Defender for Office 365 (Plan 1) GCC
    ATP_ENTERPRISE_USGOV_GCCHIGH\tMicrosoft Defender for Office 365 (Plan 1)_USGOV_GCCHIGH
    ATP_ENTERPRISE_STUDENT\tMicrosoft Defender for Office 365 (Plan 1) Student
    ATP_ENTERPRISE_STUDENTS_USE_BENEFIT\tMicrosoft Defender for Office 365 (Plan 1) Student use benefit
    THREAT_INTELLIGENCE_GOV\tMicrosoft Defender for Office 365 (Plan 2) GCC
    TVM_Premium_Standalone\tMicrosoft Defender Vulnerability Management
    TVM_Premium_Add_on\tMicrosoft Defender Vulnerability Management Add-on
    CRMSTANDARD\tMicrosoft Dynamics CRM Online
    Microsoft_Entra_ID_Governance\tMicrosoft Entra ID Governance
    POWER_BI_STANDARD\tMicrosoft Fabric (Free)
    POWER_BI_STANDARD_FACULTY\tMicrosoft Fabric (Free) for faculty
    POWER_BI_STANDARD_STUDENT\tMicrosoft Fabric (Free) for student
    IT_ACADEMY_AD\tMicrosoft Imagine Academy
    INTUNE_A_D\tMicrosoft Intune Device
    INTUNE_A_D_GOV\tMicrosoft Intune Device for Government
    INTUNE_A_GOV\tMicrosoft Intune Government
    INTUNE_A_VL_USGOV_GCCHIGH\tMicrosoft Intune Plan 1 A VL_USGOV_GCCHIGH
    POWERAPPS_DEV\tMicrosoft Power Apps for Developer
    POWERAPPS_VIRAL\tMicrosoft Power Apps Plan 2 Trial
    FLOW_FREE\tMicrosoft Power Automate Free
    FLOW_P2\tMicrosoft Power Automate Plan 2
    INTUNE_SMB\tMicrosoft Intune SMB
    Microsoft_Intune_Suite\tMicrosoft Intune Suite
    POWERFLOW_P2\tMicrosoft Power Apps Plan 2 (Qualified Offer)
    DYN365_ ENTERPRISE _RELATIONSHIP_SALES\tMicrosoft Relationship Sales solution
    STREAM\tMicrosoft Stream
    STREAM_P2\tMicrosoft Stream Plan 2
    STREAM_STORAGE\tMicrosoft Stream Storage Add-On (500 GB)
    Microsoft_Sustainability_Manager_Premium\tMicrosoft Sustainability Manager Premium
    Microsoft_Cloud_for_Sustainability_USL\tMicrosoft Sustainability Manager USL Essentials
    Microsoft_Teams_Audio_Conferencing_select_dial_out\tMicrosoft Teams Audio Conferencing with dial-out to USA/CAN
    TEAMS_FREE\tMicrosoft Teams (Free)
    Microsoft_Teams_Calling_Plan_pay_as_you_go_(country_zone_1_US)\tMicrosoft Teams Calling Plan pay-as-you-go (country zone 1 - US)
    MCOPSTN_6\tMicrosoft Teams Domestic Calling Plan (240 min)
    Teams_Ess\tMicrosoft Teams Essentials
    TEAMS_ESSENTIALS_AAD\tMicrosoft Teams Essentials (AAD Identity)
    TEAMS_EXPLORATORY\tMicrosoft Teams Exploratory
    Microsoft_Teams_Exploratory_Dept\tMicrosoft Teams Exploratory Dept
    MCOEV\tMicrosoft Teams Phone Standard
    MCOEV_DOD\tMicrosoft Teams Phone Standard for DOD
    MCOEV_FACULTY\tMicrosoft Teams Phone Standard for Faculty
    MCOEV_GOV\tMicrosoft Teams Phone Standard for GCC
    MCOEV_GCCHIGH\tMicrosoft Teams Phone Standard for GCCHIGH
    MCOEVSMB_1\tMicrosoft Teams Phone Standard for Small and Medium Business
    MCOEV_STUDENT\tMicrosoft Teams Phone Standard for Students
    MCOEV_TELSTRA\tMicrosoft Teams Phone Standard for TELSTRA
    MCOEV_USGOV_DOD\tMicrosoft Teams Phone Standard_USGOV_DOD
    MCOEV_USGOV_GCCHIGH\tMicrosoft Teams Phone Standard_USGOV_GCCHIGH
    PHONESYSTEM_VIRTUALUSER\tMicrosoft Teams Phone Resource Account
    PHONESYSTEM_VIRTUALUSER_FACULTY\tMicrosoft Teams Phone Resource Account for Faculty
    PHONESYSTEM_VIRTUALUSER_GOV\tMicrosoft Teams Phone Resource Account for GCC
    PHONESYSTEM_VIRTUALUSER_USGOV_GCCHIGH\tMicrosoft Teams Phone Resource Account_USGOV_GCCHIGH
    Microsoft_Teams_Premium\tMicrosoft Teams Premium Introductory Pricing
    Microsoft_Teams_Rooms_Basic\tMicrosoft Teams Rooms Basic
    Microsoft_Teams_Rooms_Basic_FAC\tMicrosoft Teams Rooms Basic for EDU
    Microsoft_Teams_Rooms_Basic_without_Audio_Conferencing\tMicrosoft Teams Rooms Basic without Audio Conferencing
    Microsoft_Teams_Rooms_Pro\tMicrosoft Teams Rooms Pro
    Microsoft_Teams_Rooms_Pro_FAC\tMicrosoft Teams Rooms Pro for EDU
    Microsoft_Teams_Rooms_Pro_GCC\tMicrosoft Teams Rooms Pro for GCC
    Microsoft_Teams_Rooms_Pro_without_Audio_Conferencing\tMicrosoft Teams Rooms Pro without Audio Conferencing
    MCOCAP\tMicrosoft Teams Shared Devices
    MCOCAP_FACULTY\tMicrosoft Teams Shared Devices for Faculty
    MCOCAP_GOV\tMicrosoft Teams Shared Devices for GCC
    MEETING_ROOM\tMicrosoft Teams Rooms Standard
    MEETING_ROOM_NOAUDIOCONF\tMicrosoft Teams Rooms Standard without Audio Conferencing
    MEETING_ROOM_GOV\tMicrosoft Teams Rooms Standard for GCC
    MEETING_ROOM_GOV_NOAUDIOCONF\tMicrosoft Teams Rooms Standard for GCC without Audio Conferencing
    MS_TEAMS_IW\tMicrosoft Teams Trial
    EXPERTS_ON_DEMAND\tMicrosoft Threat Experts - Experts on Demand
    Microsoft_Viva_Goals\tMicrosoft Viva Goals
    Viva_Glint_Standalone\tMicrosoft Viva Glint
    VIVA\tMicrosoft Viva Suite
    MEE_STUDENT\tMinecraft Education Student
    MEE_FACULTY\tMinecraft Education Faculty
    OFFICE365_MULTIGEO\tOffice 365 Multi-Geo Capabilities
    NONPROFIT_PORTAL\tNonprofit Portal
    STANDARDWOFFPACK_FACULTY\tOffice 365 A1 for faculty
    STANDARDWOFFPACK_IW_FACULTY\tOffice 365 A1 Plus for faculty
    STANDARDWOFFPACK_STUDENT\tOffice 365 A1 for students
    STANDARDWOFFPACK_IW_STUDENT\tOffice 365 A1 Plus for students
    ENTERPRISEPACKPLUS_FACULTY\tOffice 365 A3 for faculty
    ENTERPRISEPACKPLUS_STUDENT\tOffice 365 A3 for students
    ENTERPRISEPREMIUM_FACULTY\tOffice 365 A5 for faculty
    ENTERPRISEPREMIUM_STUDENT\tOffice 365 A5 for students
    EQUIVIO_ANALYTICS\tOffice 365 Advanced Compliance
    EQUIVIO_ANALYTICS_GOV\tOffice 365 Advanced Compliance for GCC
    ATP_ENTERPRISE\tMicrosoft Defender for Office 365 (Plan 1)
    SHAREPOINTSTORAGE_GOV\tOffice 365 Extra File Storage for GCC
    TEAMS_COMMERCIAL_TRIAL\tMicrosoft Teams Commercial Cloud
    ADALLOM_O365\tOffice 365 Cloud App Security
    SHAREPOINTSTORAGE\tOffice 365 Extra File Storage
    STANDARDPACK\tOffice 365 E1
    Office_365_w/o_Teams_Bundle_E1\tOffice 365 E1 EEA (no Teams)
    STANDARDPACK_USGOV_GCCHIGH\tOffice 365 E1_USGOV_GCCHIGH
    STANDARDWOFFPACK\tOffice 365 E2
    ENTERPRISEPACK\tOffice 365 E3
    Office_365_E3_(no_Teams)\tOffice 365 E3 (no Teams)
    O365_w/o_Teams_Bundle_E3\tOffice 365 E3 EEA (no Teams)
    DEVELOPERPACK\tOffice 365 E3 Developer
    ENTERPRISEPACK_USGOV_DOD\tOffice 365 E3_USGOV_DOD
    ENTERPRISEPACK_USGOV_GCCHIGH\tOffice 365 E3_USGOV_GCCHIGH
    ENTERPRISEWITHSCAL\tOffice 365 E4
    ENTERPRISEPREMIUM\tOffice 365 E5
    Office_365_w/o_Teams_Bundle_E5\tOffice 365 E5 EEA (no Teams)
    Office_365_E5_EEA_(no_Teams)_without_Audio_Conferencing\tOffice 365 E5 EEA (no Teams) without Audio Conferencing
    ENTERPRISEPREMIUM_NOPSTNCONF\tOffice 365 E5 Without Audio Conferencing
    DESKLESSPACK\tOffice 365 F3
    Office_365_F3_EEA_(no_Teams)\tOffice 365 F3 EEA (no Teams)
    DESKLESSPACK_USGOV_GCCHIGH\tOffice 365 F3_USGOV_GCCHIGH
    STANDARDPACK_GOV\tOffice 365 G1 GCC
    ENTERPRISEPACK_GOV\tOffice 365 G3 GCC
    ENTERPRISEPACKWITHOUTPROPLUS_GOV\tOffice 365 G3 without Microsoft 365 Apps GCC
    ENTERPRISEPREMIUM_GOV\tOffice 365 G5 GCC
    ENTERPRISEPREMIUM_NOPSTNCONF_NOPBI_GOV\tOffice 365 GCC G5 without Audio Conferencing
    ENTERPRISEPREMIUM_NOPBIPBX_GOV\tOffice 365 GCC G5 without Power BI and Phone System
    MIDSIZEPACK\tOffice 365 Midsize Business
    LITEPACK\tOffice 365 Small Business
    LITEPACK_P2\tOffice 365 Small Business Premium
    OFFICEMOBILE_SUBSCRIPTION_GOV_TEST\tOffice Mobile Apps for Office 365 for GCC
    WACONEDRIVESTANDARD\tOneDrive for Business (Plan 1)
    WACONEDRIVEENTERPRISE\tOneDrive for Business (Plan 2)
    POWERFLOWGCC_TEST\tPowerApps & Flow GCC Test - O365 & Dyn365 Plans
    POWERAPPS_INDIVIDUAL_USER\tPower Apps and Logic Flows
    POWERAPPS_PER_APP_IW\tPowerApps per app baseline access
    POWERAPPS_PER_APP_BD_ONLY_GCC\tPower Apps Per App BD Only for GCC
    POWERAPPS_PER_APP\tPower Apps per app plan
    POWERAPPS_PER_APP_NEW\tPower Apps per app plan (1 app or portal)
    Power_Apps_per_app_plan_(1_app_or_portal)_BD_Only_GCC\tPower Apps per app plan (1 app or website) BD Only - GCC
    POWERAPPS_PER_APP_GCC_NEW\tPower Apps per app plan (1 app or website) for Government
    POWERAPPS_PER_APP_GCC\tPower Apps per app plan for Government
    POWERAPPS_PER_USER_BD_ONLY\tPower Apps Per User BD Only
    POWERAPPS_PER_USER\tPower Apps Premium
    POWERAPPS_PER_USER_GCC\tPower Apps Premium for Government
    POWERAPPS_P1_GOV\tPowerApps Plan 1 for Government
    POWERAPPS_PORTALS_LOGIN_T2\tPower Apps Portals login capacity add-on Tier 2 (10 unit min)
    POWERAPPS_PORTALS_LOGIN_T2_GCC\tPower Apps Portals login capacity add-on Tier 2 (10 unit min) for Government
    POWERAPPS_PORTALS_LOGIN_T3\tPower Apps Portals login capacity add-on Tier 3 (50 unit min)
    POWERAPPS_PORTALS_PAGEVIEW\tPower Apps Portals page view capacity add-on
    POWERAPPS_PORTALS_PAGEVIEW_GCC\tPower Apps Portals page view capacity add-on for Government
    FLOW_BUSINESS_PROCESS\tPower Automate per flow plan
    FLOW_BUSINESS_PROCESS_GCC\tPower Automate per flow plan for Government
    FLOW_PER_USER\tPower Automate per user plan
    FLOW_PER_USER_DEPT\tPower Automate per user plan dept
    FLOW_PER_USER_GCC\tPower Automate per user plan for Government
    POWERAUTOMATE_ATTENDED_RPA\tPower Automate Premium
    POWERAUTOMATE_ATTENDED_RPA_GCC\tPower Automate Premium for Government
    Power_Automate_per_process\tPower Automate Process
    POWERAUTOMATE_UNATTENDED_RPA\tPower Automate unattended RPA add-on
    POWERAUTOMATE_UNATTENDED_RPA_GCC\tPower Automate unattended RPA add-on for Government
    POWER_BI_INDIVIDUAL_USER\tPower BI
    POWER_BI_ADDON\tPower BI for Office 365 Add-On
    PBI_PREMIUM_P1_ADDON\tPower BI Premium P1
    PBI_PREMIUM_P1_ADDON_GCC\tPower BI Premium P1 GCC
    PBI_PREMIUM_PER_USER\tPower BI Premium Per User
    PBI_PREMIUM_PER_USER_ADDON\tPower BI Premium Per User Add-On
    PBI_PREMIUM_PER_USER_ADDON_CE_GCC\tPower BI Premium Per User Add-On for GCC
    PBI_PREMIUM_PER_USER_ADDON_GCC\tPower BI Premium Per User Add-On for GCC
    PBI_PREMIUM_PER_USER_DEPT\tPower BI Premium Per User Dept
    PBI_PREMIUM_PER_USER_FACULTY\tPower BI Premium Per User for Faculty
    PBI_PREMIUM_PER_USER_GCC\tPower BI Premium Per User for Government
    POWER_BI_PRO\tPower BI Pro
    POWER_BI_PRO_CE\tPower BI Pro CE
    POWER_BI_PRO_DEPT\tPower BI Pro Dept
    POWER_BI_PRO_FACULTY\tPower BI Pro for Faculty
    POWERBI_PRO_GOV\tPower BI Pro for GCC
    PBI_PREMIUM_EM2_ADDON\tPower BI Premium EM2
    PBI_PREMIUM_EM1_ADDON\tPower BI Premium EM1
    Power_Pages_authenticated_users_T1_100_users/per_site/month_capacity_pack\tPower Pages authenticated users T1 100 users/per site/month capacity pack
    Power_Pages_authenticated_users_T1_100_users/per_site/month_capacity_pack_GCC\tPower Pages authenticated users T1 100 users/per site/month capacity pack_GCC
    Power_Pages_authenticated_users_T1_100_users/per_site/month_capacity_pack_USGOV_DOD\tPower Pages authenticated users T1 100 users/per site/month capacity pack_USGOV_DOD
    Power_Pages_authenticated_users_T1_100_users/per_site/month_capacity_pack_USGOV_GCCHIGH\tPower Pages authenticated users T1 100 users/per site/month capacity pack_USGOV_GCCHIGH
    Power_Pages_authenticated_users_T2_min_100_units_100_users/per_site/month_capacity_pack\tPower Pages authenticated users T2 min 100 units - 100 users/per site/month capacity pack
    Power_Pages_authenticated_users_T2_min_100_units_100_users/per_site/month_capacity_pack_GCC\tPower Pages authenticated users T2 min 100 units - 100 users/per site/month capacity pack_GCC
    Power_Pages_authenticated_users_T2_min_100_units_100_users/per_site/month_capacity_pack_USGOV_DOD\tPower Pages authenticated users T2 min 100 units - 100 users/per site/month capacity pack_USGOV_DOD
    Power_Pages_authenticated_users_T2_min_100_units_100_users/per_site/month_capacity_pack_USGOV_GCCHIGH\tPower Pages authenticated users T2 min 100 units - 100 users/per site/month capacity pack_USGOV_GCCHIGH
    Power Pages authenticated users T2_CN_CN\tPower Pages authenticated users T2 min 100 units - 100 users/per site/month capacity pack CN_CN
    Power Pages authenticated users T3_CN_CN\tPower Pages authenticated users T3 min 1,000 units - 100 users/per site/month capacity pack CN_CN
    Power_Pages_authenticated_users_T3_min_1,000_units_100_users/per_site/month_capacity_pack\tPower Pages authenticated users T3 min 1,000 units - 100 users/per site/month capacity pack
    Power_Pages_authenticated_users_T3_min_1,000_units_100_users/per_site/month_capacity_pack_GCC\tPower Pages authenticated users T3 min 1,000 units - 100 users/per site/month capacity pack_GCC
    Power_Pages_authenticated_users_T3_min_1,000_units_100_users/per_site/month_capacity_pack_USGOV_DOD\tPower Pages authenticated users T3 min 1,000 units - 100 users/per site/month capacity pack_USGOV_DOD
    Power_Pages_authenticated_users_T3_min_1,000_units_100_users/per_site/month_capacity_pack_USGOV_GCCHIGH\tPower Pages authenticated users T3 min 1,000 units - 100 users/per site/month capacity pack_USGOV_GCCHIGH
    Power_Pages_vTrial_for_Makers\tPower Pages vTrial for Makers
    VIRTUAL_AGENT_BASE\tPower Virtual Agent
    VIRTUAL_AGENT_BASE_GCC\tPower Virtual Agent for GCC
    VIRTUAL_AGENT_USL\tPower Virtual Agent User License
    VIRTUAL_AGENT_USL_GCC\tPower Virtual Agent User License for GCC
    CCIBOTS_PRIVPREV_VIRAL\tPower Virtual Agents Viral Trial
    PRIVACY_MANAGEMENT_RISK\tPrivacy Management – risk
    PRIVACY_MANAGEMENT_RISK_EDU\tPrivacy Management - risk for EDU
    PRIVACY_MANAGEMENT_RISK_GCC\tPrivacy Management - risk GCC
    PRIVACY_MANAGEMENT_RISK_USGOV_DOD\tPrivacy Management - risk_USGOV_DOD
    PRIVACY_MANAGEMENT_RISK_USGOV_GCCHIGH\tPrivacy Management - risk_USGOV_GCCHIGH
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_1_V2\tPrivacy Management - subject rights request (1)
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_1_EDU_V2\tPrivacy Management - subject rights request (1) for EDU
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_1_V2_GCC\tPrivacy Management - subject rights request (1) GCC
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_1_V2_USGOV_DOD\tPrivacy Management - subject rights request (1) USGOV_DOD
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_1_V2_USGOV_GCCHIGH\tPrivacy Management - subject rights request (1) USGOV_GCCHIGH
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_10_V2\tPrivacy Management - subject rights request (10)
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_10_EDU_V2\tPrivacy Management - subject rights request (10) for EDU
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_10_V2_GCC\tPrivacy Management - subject rights request (10) GCC
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_10_V2_USGOV_DOD\tPrivacy Management - subject rights request (10) USGOV_DOD
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_10_V2_USGOV_GCCHIGH\tPrivacy Management - subject rights request (10) USGOV_GCCHIGH
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_50\tPrivacy Management - subject rights request (50)
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_50_V2\tPrivacy Management - subject rights request (50)
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_50_EDU_V2\tPrivacy Management - subject rights request (50) for EDU
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_100_V2\tPrivacy Management - subject rights request (100)
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_100_EDU_V2\tPrivacy Management - subject rights request (100) for EDU
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_100_V2_GCC\tPrivacy Management - subject rights request (100) GCC
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_100_V2_USGOV_DOD\tPrivacy Management - subject rights request (100) USGOV_DOD
    PRIVACY_MANAGEMENT_SUB_RIGHTS_REQ_100_V2_USGOV_GCCHIGH\tPrivacy Management - subject rights request (100) USGOV_GCCHIGH
    PROJECTCLIENT\tProject for Office 365
    PROJECTESSENTIALS\tProject Online Essentials
    PROJECTESSENTIALS_FACULTY\tProject Online Essentials for Faculty
    PROJECTESSENTIALS_GOV\tProject Online Essentials for GCC
    PROJECTPREMIUM\tProject Online Premium
    PROJECTONLINE_PLAN_1\tProject Online Premium Without Project Client
    PROJECTONLINE_PLAN_2\tProject Online With Project for Office 365
    PROJECT_P1\tPlanner Plan 1
    PROJECT_PLAN1_DEPT\tProject Plan 1 (for Department)
    PROJECTPROFESSIONAL\tPlanner and Project Plan 3
    PROJECT_PLAN3_DEPT\tProject Plan 3 (for Department)
    PROJECTPROFESSIONAL_FACULTY\tProject Plan 3 for Faculty
    PROJECTPROFESSIONAL_GOV\tProject Plan 3 for GCC
    Project_Professional_TEST_GCC\tProject Plan 3 for GCC TEST
    PROJECTPROFESSIONAL_USGOV_GCCHIGH\tProject Plan 3_USGOV_GCCHIGH
    PROJECTPREMIUM_FACULTY\tProject Plan 5 for faculty
    PROJECTPREMIUM_GOV\tProject Plan 5 for GCC
    PROJECTONLINE_PLAN_1_FACULTY\tProject Plan 5 without Project Client for Faculty
    RIGHTSMANAGEMENT_ADHOC\tRights Management Adhoc
    RMSBASIC\tRights Management Service Basic Content Protection
    DYN365_IOT_INTELLIGENCE_ADDL_MACHINES\tSensor Data Intelligence Additional Machines Add-in for Dynamics 365 Supply Chain Management
    DYN365_IOT_INTELLIGENCE_SCENARIO\tSensor Data Intelligence Scenario Add-in for Dynamics 365 Supply Chain Management
    SHAREPOINTSTANDARD\tSharePoint Online (Plan 1)
    SHAREPOINTENTERPRISE\tSharePoint Online (Plan 2)
    Intelligent_Content_Services\tSharePoint Syntex
    MCOIMP\tSkype for Business Online (Plan 1)
    MCOSTANDARD\tSkype for Business Online (Plan 2)
    MCOPSTN5\tSkype for Business PSTN Calling Domestic Small
    MCOPSTN2\tSkype for Business PSTN Domestic and International Calling
    MCOPSTN1\tSkype for Business PSTN Domestic Calling
    MCOPSTNPP\tSkype for Business PSTN Usage Calling Plan
    Operator_Connect_Mobile\tTeams Phone Mobile
    MCOTEAMS_ESSENTIALS\tTeams Phone with Calling Plan
    Teams_Premium_(for_Departments)\tTeams Premium (for Departments)
    MTR_PREM\tTeams Rooms Premium
    MCOPSTNEAU2\tTELSTRA Calling for O365
    UNIVERSAL_PRINT\tUniversal Print
    VIVA_LEARNING\tViva Learning
    VISIO_PLAN1_DEPT\tVisio Plan 1
    VISIO_PLAN2_DEPT\tVisio Plan 2
    VISIOCLIENT_USGOV_GCCHIGH\tVisio Plan 2_USGOV_GCCHIGH
    VISIOONLINE_PLAN1\tVisio Plan 1
    VISIOCLIENT\tVisio Plan 2
    VISIOCLIENT_GOV\tVisio Plan 2 for GCC
    VISIOCLIENT_FACULTY\tVisio Plan 2 for Faculty
    Viva_Goals_User_led\tViva Goals User-led
    TOPIC_EXPERIENCES\tViva Topics
    WIN_ENT_E5\tWindows 10/11 Enterprise E5 (Original)
    WIN10_ENT_A3_FAC\tWindows 10/11 Enterprise A3 for faculty
    WIN10_ENT_A3_STU\tWindows 10/11 Enterprise A3 for students
    WIN10_ENT_A5_FAC\tWindows 10/11 Enterprise A5 for faculty
    WIN10_PRO_ENT_SUB\tWindows 10/11 Enterprise E3
    WIN10_VDA_E3\tWindows 10/11 Enterprise E3
    WIN10_VDA_E5\tWindows 10/11 Enterprise E5
    WINE5_GCC_COMPAT\tWindows 10/11 Enterprise E5 Commercial (GCC Compatible)
    E3_VDA_only\tWindows 10/11 Enterprise E3 VDA
    CPC_B_1C_2RAM_64GB\tWindows 365 Business 1 vCPU 2 GB 64 GB
    CPC_B_2C_4RAM_128GB\tWindows 365 Business 2 vCPU 4 GB 128 GB
    CPC_B_2C_4RAM_256GB\tWindows 365 Business 2 vCPU 4 GB 256 GB
    CPC_B_2C_4RAM_64GB\tWindows 365 Business 2 vCPU 4 GB 64 GB
    CPC_B_2C_8RAM_128GB\tWindows 365 Business 2 vCPU 8 GB 128 GB
    CPC_B_2C_8RAM_256GB\tWindows 365 Business 2 vCPU 8 GB 256 GB
    CPC_B_4C_16RAM_128GB\tWindows 365 Business 4 vCPU 16 GB 128 GB
    CPC_B_4C_16RAM_128GB_WHB\tWindows 365 Business 4 vCPU 16 GB 128 GB (with Windows Hybrid Benefit)
    CPC_B_4C_16RAM_256GB\tWindows 365 Business 4 vCPU 16 GB 256 GB
    CPC_B_4C_16RAM_512GB\tWindows 365 Business 4 vCPU 16 GB 512 GB
    CPC_B_8C_32RAM_128GB\tWindows 365 Business 8 vCPU 32 GB 128 GB
    CPC_B_8C_32RAM_256GB\tWindows 365 Business 8 vCPU 32 GB 256 GB
    CPC_B_8C_32RAM_512GB\tWindows 365 Business 8 vCPU 32 GB 512 GB
    Windows_365_Business_16_vCPU,_64_GB,_512_GB\tWindows 365 Business 16 vCPU, 64 GB, 512 GB
    Windows_365_Business_16_vCPU,_64_GB,_1_TB\tWindows 365 Business 16 vCPU, 64 GB, 1 TB
    CPC_E_1C_2GB_64GB\tWindows 365 Enterprise 1 vCPU 2 GB 64 GB
    CPC_E_2C_4GB_64GB\tWindows 365 Enterprise 2 vCPU 4 GB 64 GB
    CPC_E_2C_4GB_128GB\tWindows 365 Enterprise 2 vCPU 4 GB 128 GB
    CPC_LVL_1\tWindows 365 Enterprise 2 vCPU 4 GB 128 GB (Preview)
    CPC_E_2C_4GB_256GB\tWindows 365 Enterprise 2 vCPU 4 GB 256 GB
    CPC_E_2C_8GB_128GB\tWindows 365 Enterprise 2 vCPU 8 GB 128 GB
    CPC_LVL_2\tWindows 365 Enterprise 2 vCPU 8 GB 128 GB (Preview)
    CPC_E_2C_8GB_256GB\tWindows 365 Enterprise 2 vCPU 8 GB 256 GB
    CPC_E_4C_16GB_128GB\tWindows 365 Enterprise 4 vCPU 16 GB 128 GB
    CPC_E_4C_16GB_256GB\tWindows 365 Enterprise 4 vCPU 16 GB 256 GB
    CPC_LVL_3\tWindows 365 Enterprise 4 vCPU 16 GB 256 GB (Preview)
    CPC_E_4C_16GB_512GB\tWindows 365 Enterprise 4 vCPU 16 GB 512 GB
    CPC_E_8C_32GB_128GB\tWindows 365 Enterprise 8 vCPU 32 GB 128 GB
    CPC_E_8C_32GB_256GB\tWindows 365 Enterprise 8 vCPU 32 GB 256 GB
    CPC_E_8C_32GB_512GB\tWindows 365 Enterprise 8 vCPU 32 GB 512 GB
    Windows_365_S_2vCPU_4GB_64GB\tWindows 365 Shared Use 2 vCPU 4 GB 64 GB
    Windows_365_S_2vCPU_4GB_128GB\tWindows 365 Shared Use 2 vCPU 4 GB 128 GB
    Windows_365_S_2vCPU_4GB_256GB\tWindows 365 Shared Use 2 vCPU 4 GB 256 GB
    Windows_365_S_2vCPU_8GB_128GB\tWindows 365 Shared Use 2 vCPU 8 GB 128 GB
    Windows_365_S_2vCPU_8GB_256GB\tWindows 365 Shared Use 2 vCPU 8 GB 256 GB
    Windows_365_S_4vCPU_16GB_128GB\tWindows 365 Shared Use 4 vCPU 16 GB 128 GB
    Windows_365_S_4vCPU_16GB_256GB\tWindows 365 Shared Use 4 vCPU 16 GB 256 GB
    Windows_365_S_4vCPU_16GB_512GB\tWindows 365 Shared Use 4 vCPU 16 GB 512 GB
    Windows_365_S_8vCPU_32GB_128GB\tWindows 365 Shared Use 8 vCPU 32 GB 128 GB
    Windows_365_S_8vCPU_32GB_256GB\tWindows 365 Shared Use 8 vCPU 32 GB 256 GB
    Windows_365_S_8vCPU_32GB_512GB\tWindows 365 Shared Use 8 vCPU 32 GB 512 GB
    WINDOWS_STORE\tWindows Store for Business
    WSFB_EDU_FACULTY\tWindows Store for Business EDU Faculty
    WORKPLACE_ANALYTICS\tMicrosoft Workplace Analytics
    Workload_Identities_Premium_CN\tWorkload Identities Premium
    """
}

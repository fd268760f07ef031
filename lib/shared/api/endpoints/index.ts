import * as auth from './auth';
import * as missions from './missions';
import * as missionExports from './mission-exports';
import * as missionBackups from './mission-backups';
import * as missionPrint from './mission-print';
import * as pickers from './pickers';
import * as tablePresets from './table-presets';
import * as platform from './platform';
import * as adminUsers from './admin-users';
import * as adminRoles from './admin-roles';
import * as adminCompanies from './admin-companies';
import * as adminCustomers from './admin-customers';
import * as map from './map';
import * as geocode from './geocode';
import * as datasets from './datasets';
import * as processors from './processors';
import * as missionFiles from './mission-files';
import * as myNotifications from './my-notifications';
import * as measurements from './measurements';
import * as blurring from './blurring';
import * as support from './support';
import * as renderedSlices from './rendered-slices';
import * as tours from './tours';
import * as storage from './storage';
import * as panelizer from './panelizer';
import * as panelizerPoints from './panelizer-points';

/** Every /api/v2 endpoint; the OpenAPI document is generated from this list. */
export const endpoints = [platform.health, platform.config, platform.maintenance, platform.notifications, auth.permission, auth.me,
  ...Object.values(missions), ...Object.values(pickers), ...Object.values(tablePresets),
  missionExports.startMissionExport, missionExports.getMissionExport, missionExports.downloadMissionExport,
  missionBackups.startMissionBackup, missionBackups.listMissionBackups, missionBackups.getMissionBackup, missionBackups.downloadMissionBackup, missionBackups.restoreMission,
  missionPrint.missionPdf,
  ...Object.values(adminUsers), ...Object.values(adminRoles), ...Object.values(adminCompanies), ...Object.values(adminCustomers), map.mapMissions, geocode.geocode,
  ...Object.values(datasets), ...Object.values(processors), ...Object.values(missionFiles), ...Object.values(myNotifications),
  ...Object.values(measurements), ...Object.values(blurring), ...Object.values(support), ...Object.values(tours), ...Object.values(storage), ...Object.values(renderedSlices),
  ...Object.values(panelizer), ...Object.values(panelizerPoints)];

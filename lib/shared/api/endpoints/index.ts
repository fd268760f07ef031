import * as auth from './auth';
import * as missions from './missions';
import * as pickers from './pickers';
import * as tablePresets from './table-presets';
import * as platform from './platform';

/** Every /api/v2 endpoint; the OpenAPI document is generated from this list. */
export const endpoints = [platform.health, platform.config, platform.maintenance, platform.notifications, auth.permission, auth.me,
  ...Object.values(missions), ...Object.values(pickers), ...Object.values(tablePresets)];

import * as auth from './auth';
import * as platform from './platform';

/** Every /api/v2 endpoint; the OpenAPI document is generated from this list. */
export const endpoints = [platform.health, platform.config, platform.maintenance, platform.notifications, auth.permission, auth.me];

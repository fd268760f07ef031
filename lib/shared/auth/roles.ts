/** The built-in roles (spec §6 names admin and advanced; the others are ours, see docs/permissions.md). */
export const BUILT_IN_ROLES = ['admin', 'advanced', 'operator', 'customer', 'external'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** spec §6: internal means admin or advanced; a role check tests membership. */
export const INTERNAL_ROLES = ['admin', 'advanced'] as const;

export const hasRole = (roles: readonly string[], role: string) => roles.includes(role);
export const isInternalRoles = (roles: readonly string[]) => INTERNAL_ROLES.some((r) => roles.includes(r));

/** spec §6 / §9: map view is allowed only for these customer IDs (and internal users). */
export const MAP_VIEW_CUSTOMER_IDS: readonly number[] = [6, 14, 20, 30, 36, 37];

/** spec §6: the provider's own company, by its fixed customer ID (the provider's internal projects). */
export const PROVIDER_CUSTOMER_ID = 1;

/**
 * spec §6: nine fixed customer IDs treated as one special customer group (our framework-contract
 * customers); the group shares one flag, `UI.misc.specialGroup`.
 */
export const SPECIAL_GROUP_CUSTOMER_IDS: readonly number[] = [20, 30, 36, 42, 43, 44, 45, 46, 47];

export const isProviderCompany = (customerId: number | null) => customerId === PROVIDER_CUSTOMER_ID;
export const isSpecialGroupCompany = (customerId: number | null) => customerId !== null && SPECIAL_GROUP_CUSTOMER_IDS.includes(customerId);
export const mayUseMapView = (roles: readonly string[], customerId: number | null) =>
  isInternalRoles(roles) || (customerId !== null && MAP_VIEW_CUSTOMER_IDS.includes(customerId));

/** Spec §3 "Permission set" of the current user; every flag defaults to false (also when loading fails). */
export interface PermissionSet {
  allow: { chooseCompany: boolean; exportData: boolean };
  UI: {
    menu: {
      assignedToMe: boolean;
      companyCenter: boolean;
      customerCenter: boolean;
      mapOverview: boolean;
      missionList: boolean;
      missionListBeta: boolean;
      pipeline: boolean;
      planner: boolean;
      storage: boolean;
      blurring: boolean;
      userCenter: boolean;
    };
    /** Our own flags (spec §3 names the group only): the permissions screen and the two company checks of spec §6. */
    misc: { permissions: boolean; providerCompany: boolean; specialGroup: boolean };
  };
  write: { customer: boolean };
}

export type MenuFlag = keyof PermissionSet['UI']['menu'];

export function noPermissions(): PermissionSet {
  return {
    allow: { chooseCompany: false, exportData: false },
    UI: {
      menu: {
        assignedToMe: false,
        companyCenter: false,
        customerCenter: false,
        mapOverview: false,
        missionList: false,
        missionListBeta: false,
        pipeline: false,
        planner: false,
        storage: false,
        blurring: false,
        userCenter: false,
      },
      misc: { permissions: false, providerCompany: false, specialGroup: false },
    },
    write: { customer: false },
  };
}

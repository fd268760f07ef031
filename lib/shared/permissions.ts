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
    misc: Record<string, boolean>;
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
      misc: {},
    },
    write: { customer: false },
  };
}

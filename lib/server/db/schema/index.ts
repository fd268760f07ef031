// One module per entity group; drizzle-kit and the client read them all from here.
export * from './notices';
export * from './jobs';
export * from './companies';
export * from './users';
export * from './missions';
export * from './buildings';
export * from './measurements';
export * from './rendered-slices';
export * from './datasets';
export * from './tours';
export * from './blurring';
export * from './storage';
export * from './panelizer';
export * from './audit';
export * from './roles';
export * from './mail';
export * from './relations';

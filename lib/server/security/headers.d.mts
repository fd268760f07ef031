export declare const SECURITY_HEADERS: { key: string; value: string }[];
export declare const GUARDED_HEADER: string;
export declare const HSTS: { key: string; value: string };
export declare function contentSecurityPolicy(options?: { nonce?: string; dev?: boolean; remote?: string[] }): string;
export declare function remoteMapSources(mapStyleUrl: string | undefined): string[];

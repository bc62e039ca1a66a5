export declare const E2E_DIR: string;
export declare const REPO_ROOT: string;
export declare const E2E_BASE_PORT: number;
export declare const E2E_SHOP_PORT: number;
export declare const E2E_HOSTS_DIR: string;
export declare const E2E_STORE_DIR: string;
export declare const E2E_DESCRIPTORS_DIR: string;
export declare const E2E_EMULATOR_FILE: string;

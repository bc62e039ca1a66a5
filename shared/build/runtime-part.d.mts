export declare const RUNTIME_VERSION: string;
export declare const RUNTIME_ENTRIES: string[];
export declare const RUNTIME_FOLDERS: string[];
export declare const RUNTIME_FILES: string[];

import type { Configuration } from 'webpack';

export declare const DEV_VERSION_TAG: string;
export declare function devVersionOf(version: string): string;
export declare function devCacheDir(app: string): string;
export declare function toDevConfig(config: Configuration, options: { app: string; hot: boolean; configFile: string }): Configuration;
export declare function toDevShellConfig(config: Configuration, configFile: string): Configuration;

import type { ChildProcess } from 'node:child_process';

export const NGINX: string;
/** Debian's nginx, installed when missing and running as root; its path. */
export function ensureNginx(options?: { log?: (line: string) => void }): string;
export function nofileLimits(): { soft: number; hard: number };
export function nginxConfig(options: { prefix: string; port: number; upstreamPorts: number[]; workers?: number; nofile?: number }): string;

export interface ClusterInstance {
  readonly index: number;
  readonly port: number;
  readonly url: string;
  readonly logFile: string;
  readonly child: ChildProcess | null;
  /** Resolves when the current process exits. */
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly pid: number | undefined;
  readonly alive: boolean;
  start(): ClusterInstance;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitReady(timeoutMs?: number): Promise<void>;
  log(): string;
}

export interface Cluster {
  readonly url: string;
  readonly port: number;
  readonly prefix: string;
  readonly redisPrefix: string;
  readonly instances: ClusterInstance[];
  readonly nginx: ChildProcess;
  logs(): string;
  waitReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export function startCluster(options: {
  instances?: number;
  port: number;
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
  emulatorHost?: string;
  waitReady?: boolean;
  readyTimeoutMs?: number;
  log?: (message: string) => void;
}): Promise<Cluster>;

export function createDatabase(adminUrl: string, name?: string): Promise<{ name: string; url: string; drop(): Promise<void> }>;

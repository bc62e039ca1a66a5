export function federationName(folder: string): string;

export interface DevRemote {
  readonly folder: string;
  readonly name: string;
  readonly version: string;
  readonly port: number;
  readonly prefix: string;
}

export interface DevPlan {
  readonly port: number;
  readonly apiPort: number;
  readonly remotes: DevRemote[];
  readonly url: string;
}

export function planDev(args: string[], context: { remotes: readonly string[]; versions: Record<string, string>; defaultPort: number }): DevPlan;
export function targetPort(url: string, plan: DevPlan): number;

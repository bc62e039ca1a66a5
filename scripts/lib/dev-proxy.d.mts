import type { Server } from 'node:http';
import type { DevPlan } from './dev-plan.mjs';

export function startDevProxy(plan: DevPlan): Promise<Server>;

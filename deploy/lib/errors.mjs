/** An expected failure of the deploy command: printed as one clear message, exit code 1 (2 = usage). */
export class DeployError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'DeployError';
    this.exitCode = exitCode;
  }
}

export const usageError = (message) => new DeployError(message, 2);

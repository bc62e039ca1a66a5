import type { ActionError, ActionErrorCode, ResponseFlags } from '@shop/shared/contract';
import { shell as texts } from '@shop/shared/i18n/shell';

/** An expected failure of an action: HTTP status, machine code, English message, German text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ActionErrorCode,
    message: string,
    readonly userMessage?: string,
    readonly flags: ResponseFlags = {},
    readonly issues?: ActionError['issues'],
    /** 429: when the caller may try again (the `retry-after` header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { ok: false; error: ActionError } & ResponseFlags {
    return {
      ok: false,
      ...this.flags,
      error: {
        code: this.code,
        message: this.message,
        ...(this.userMessage !== undefined ? { userMessage: this.userMessage } : {}),
        ...(this.issues !== undefined ? { issues: this.issues } : {}),
      },
    };
  }
}

export const badRequest = (message: string, issues?: ActionError['issues']) => new ApiError(400, 'validation', message, texts.invalidInput, {}, issues);

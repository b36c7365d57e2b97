import type { SmsSender } from './notification-data';

/**
 * SMS through a Bangladeshi HTTP gateway, in the form BulkSMSBD (bulksmsbd.net/api/smsapi) and
 * gateways like it (SSL Wireless, Alpha SMS) accept. The outbox retries when `send` throws, so every
 * failure throws with a short reason, and never with the API key in it.
 *
 * The gateway contract this adapter expects:
 * - request: `POST {url}`, `Content-Type: application/x-www-form-urlencoded`, fields
 *   `api_key`, `senderid` (the approved sender id or masking name), `number` (one number,
 *   `8801XXXXXXXXX`, no `+`), `message` (UTF-8; the gateway chooses GSM-7 or Unicode), `type=text`;
 * - success: a 2xx answer; when it is JSON with a `response_code`, that code is 202 (BulkSMSBD's
 *   "SMS Submitted Successfully"). A 2xx answer that is not JSON, or JSON without the field, counts
 *   as accepted (gateways that answer plain "OK");
 * - failure: any other status, or `response_code` other than 202 (BulkSMSBD: 1001 invalid number,
 *   1002 sender id, 1007 balance, 1011 user, 1032 IP not allowed, ...) with `error_message`;
 * - no answer within `timeoutMs` (10 s by default): a failure too. The gateway may still have sent
 *   it; a retry can then deliver it twice, which for a short notice is better than losing it.
 */

const DEFAULT_TIMEOUT_MS = 10_000;
/** Bangladeshi mobile numbers: 01 and an operator digit 3-9, then 8 digits. */
const BD_MOBILE = /^8801[3-9]\d{8}$/;

/** `+8801XXXXXXXXX`, `8801XXXXXXXXX` or `01XXXXXXXXX` as the gateway's `8801XXXXXXXXX`. */
export function gatewayNumber(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
  const number = digits.startsWith('01') ? `88${digits}` : digits;
  if (!BD_MOBILE.test(number)) throw new Error('SMS not sent: not a Bangladeshi mobile number.');
  return number;
}

/** A gateway's words, one short line, without the key (in case a gateway echoes the request). */
function reasonFrom(text: unknown, apiKey: string): string {
  const line = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return apiKey ? line.split(apiKey).join('***') : line;
}

export function createSmsSender(options: {
  url: string;
  apiKey: string;
  senderId: string;
  timeoutMs?: number;
}): SmsSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = new URL(options.url).host;

  return {
    async send(to, text) {
      const body = new URLSearchParams({
        api_key: options.apiKey,
        type: 'text',
        senderid: options.senderId,
        number: gatewayNumber(to),
        message: text,
      });
      let res: Response;
      let answer: string;
      try {
        res = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        answer = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        const code = (err as { cause?: { code?: unknown } }).cause?.code;
        const cause = timedOut
          ? `no answer within ${timeoutMs} ms`
          : `the gateway could not be reached${typeof code === 'string' ? ` (${code})` : ''}`;
        throw new Error(`SMS not sent: ${cause}, ${host}.`);
      }
      if (!res.ok) throw new Error(`SMS not sent: the gateway answered ${res.status}, ${host}.`);
      let json: unknown;
      try {
        json = JSON.parse(answer);
      } catch {
        return; // a 2xx answer in plain text: accepted
      }
      if (json && typeof json === 'object' && 'response_code' in json) {
        const { response_code: code, error_message: message } = json as {
          response_code: unknown;
          error_message?: unknown;
        };
        if (Number(code) !== 202) {
          const reason = reasonFrom(message, options.apiKey);
          throw new Error(
            `SMS not sent: the gateway answered code ${reasonFrom(code, options.apiKey)}${reason ? `, ${reason}` : ''}.`,
          );
        }
      }
    },
  };
}

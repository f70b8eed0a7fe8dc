/**
 * A client of Hikvision ISAPI terminals (access control and face recognition, "MinMoe" DS-K1T… and alike),
 * shared by plugins/hikvision-access and plugins/hikvision-face (this folder has no entry, so it is no plugin
 * itself). It follows Hikvision's ISAPI developer guides, published on the Technology Partner Program at
 * https://tpp.hikvision.com (ISAPI "Access Control on Person", "Intelligent / Face Picture Library" and
 * "Event / Alarm" chapters):
 *
 * - every call is digest-authenticated (plugins/http-digest; the terminals ask for MD5), so one refused answer
 *   per call at most: the terminals lock a client out after a few wrong attempts;
 * - JSON endpoints (`?format=json`) answer a `ResponseStatus` `{ statusCode, statusString, subStatusCode,
 *   errorCode, errorMsg }`, XML ones `<ResponseStatus>` with the same fields; statusCode 1 is success, anything
 *   else throws an IsapiError naming subStatusCode (the part an installer can look up);
 * - `GET /ISAPI/Event/notification/alertStream` is a never-ending `multipart/mixed` answer, one part per event
 *   (JSON `EventNotificationAlert`s, XML heartbeats, pictures): `watchAlertStream` keeps it open, reconnecting
 *   with a growing pause, and hands each JSON event on.
 */
import { z, type PluginContext, type PluginLogger } from '../../core/plugin-sdk/index.ts';
import { DigestClient } from '../http-digest/digest.ts';

/** Where a terminal is and what Atrium calls it; the access plugin adds its time zone. */
export const TerminalBase = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe('identifier of the terminal in Atrium (what rooms and door tablets are bound to)'),
  name: z.string().trim().min(1).max(100).describe('name shown to administrators'),
  url: z.url({ protocol: /^https?$/ }).describe('address of the terminal (http://host or https://host)'),
  doorNo: z.coerce.number().int().min(1).max(16).default(1).describe('door of the terminal Atrium opens (1 on most)'),
});

/** Settings every Hikvision plugin shares, around its own terminal schema. */
export function isapiSettings<T extends z.ZodType<{ id: string }>>(terminal: T) {
  return z.object({
    terminals: z
      .array(terminal)
      .min(1)
      .max(100)
      .superRefine((terminals, ctx) => {
        const seen = new Set<string>();
        terminals.forEach((t, i) => {
          if (seen.has(t.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `"${t.id}" is listed twice` });
          seen.add(t.id);
        });
      })
      .describe('the terminals'),
    username: z.string().trim().min(1).max(32).default('admin').describe('ISAPI user of the terminals'),
    password: z.string().min(1).max(64).describe('password of that user (the same on every terminal)'),
    timeoutMs: z.coerce
      .number()
      .int()
      .min(1000)
      .max(15_000)
      .default(5000)
      .describe('milliseconds to wait for a terminal to answer'),
  });
}

/** True when the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `2027-03-01T09:50:00`: ISAPI's local time (timeType "local") of an instant in the terminal's zone. */
export function localTime(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface ResponseStatus {
  statusCode?: number;
  statusString?: string;
  subStatusCode?: string;
  errorCode?: number;
  errorMsg?: string;
}

/** A terminal refused a call: its ResponseStatus, or the HTTP status when it sent none. */
export class IsapiError extends Error {
  constructor(
    readonly terminal: string,
    readonly call: string,
    readonly httpStatus: number,
    readonly status: ResponseStatus,
  ) {
    const what = status.statusCode
      ? `${status.statusCode} ${status.statusString ?? ''} (${status.subStatusCode ?? '?'})` +
        (status.errorMsg ? `: ${status.errorMsg}` : '')
      : `HTTP ${httpStatus}`;
    super(`Hikvision ${terminal}: ${call} failed with ${what}`);
    this.name = 'IsapiError';
  }
}

/** Text of the first `<tag>` of an XML document (ISAPI's XML answers are flat enough for this). */
export function xmlValue(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
}

function statusOf(text: string): ResponseStatus | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as ResponseStatus & { ResponseStatus?: ResponseStatus };
      // Some firmware wraps it, most answer it bare.
      return parsed.ResponseStatus ?? parsed;
    } catch {
      return undefined;
    }
  }
  if (trimmed.includes('<ResponseStatus')) {
    const code = xmlValue(trimmed, 'statusCode');
    const errorCode = xmlValue(trimmed, 'errorCode');
    return {
      statusCode: code === undefined ? undefined : Number(code),
      statusString: xmlValue(trimmed, 'statusString'),
      subStatusCode: xmlValue(trimmed, 'subStatusCode'),
      errorCode: errorCode === undefined ? undefined : Number(errorCode),
      errorMsg: xmlValue(trimmed, 'errorMsg'),
    };
  }
  return undefined;
}

export interface IsapiTerminal {
  id: string;
  name: string;
  url: string;
  doorNo: number;
}

export interface IsapiRequest {
  method: 'GET' | 'PUT' | 'POST';
  /** Path and query, from `/ISAPI/`. */
  path: string;
  /** A JSON body (sent as application/json). */
  json?: unknown;
  /** Any other body, with its content type. */
  body?: { type: string; data: string | Uint8Array<ArrayBuffer> };
  signal?: AbortSignal;
}

/** The terminals of one plugin, behind one digest client (the challenges are kept per terminal). */
export class Isapi {
  readonly digest: DigestClient;

  constructor(private readonly ctx: PluginContext<{ username: string; password: string; timeoutMs: number }>) {
    this.digest = new DigestClient(ctx.http, { username: ctx.settings.username, password: ctx.settings.password });
  }

  /** Sends a request; resolves with the answer for a 2xx, throws otherwise (network errors included, in words). */
  async send(terminal: IsapiTerminal, req: IsapiRequest): Promise<Response> {
    const url = new URL(req.path, terminal.url);
    const call = `${req.method} ${url.pathname}`;
    const headers: Record<string, string> = {};
    let body: string | Uint8Array<ArrayBuffer> | null = null;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.body) {
      headers['content-type'] = req.body.type;
      body = req.body.data;
    }
    const res = await this.digest
      .fetch(url, {
        method: req.method,
        headers,
        body,
        redirect: 'manual',
        ...(req.signal ? { signal: req.signal } : { timeoutMs: this.ctx.settings.timeoutMs }),
      })
      .catch((err: unknown) => {
        const what = err instanceof Error || err instanceof DOMException ? err.message : String(err);
        throw new Error(`Hikvision ${terminal.name} (${url.host}) unreachable: ${what}`, { cause: err });
      });
    if (res.status === 401) {
      await res.arrayBuffer().catch(() => undefined);
      throw new IsapiError(terminal.name, call, 401, {
        statusCode: 4,
        statusString: 'Invalid Operation',
        subStatusCode: 'unauthorized: the terminal refused the user name or password',
      });
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new IsapiError(terminal.name, call, res.status, statusOf(text) ?? {});
    }
    return res;
  }

  /** A call answered by a ResponseStatus: throws unless its statusCode is 1 (OK). */
  async call(terminal: IsapiTerminal, req: IsapiRequest): Promise<ResponseStatus> {
    const res = await this.send(terminal, req);
    const text = await res.text();
    const status = statusOf(text) ?? {};
    if (status.statusCode !== undefined && status.statusCode !== 1)
      throw new IsapiError(
        terminal.name,
        `${req.method} ${new URL(req.path, terminal.url).pathname}`,
        res.status,
        status,
      );
    return status;
  }

  /** `GET /ISAPI/System/deviceInfo`: model and firmware, for health. */
  async deviceInfo(terminal: IsapiTerminal): Promise<{ model?: string; firmware?: string; serial?: string }> {
    const xml = await (await this.send(terminal, { method: 'GET', path: '/ISAPI/System/deviceInfo' })).text();
    return {
      model: xmlValue(xml, 'model'),
      firmware: xmlValue(xml, 'firmwareVersion'),
      serial: xmlValue(xml, 'serialNumber'),
    };
  }

  /** Health of every terminal: ok when all answered deviceInfo. */
  async health(terminals: IsapiTerminal[]): Promise<{ ok: boolean; detail: string }> {
    const results = await Promise.allSettled(
      terminals.map(async (t) => {
        const info = await this.deviceInfo(t);
        return `${t.name}: ${info.model ?? '?'} ${info.firmware ?? ''}`.trim();
      }),
    );
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    if (failed.length) return { ok: false, detail: failed.join('; ') };
    return {
      ok: true,
      detail: results.map((r) => (r as PromiseFulfilledResult<string>).value).join('; '),
    };
  }

  /** Deletes terminal users by employee number; users the terminal does not have are no failure. */
  async deleteUsers(terminal: IsapiTerminal, employeeNos: string[]): Promise<void> {
    if (!employeeNos.length) return;
    try {
      await this.call(terminal, {
        method: 'PUT',
        path: '/ISAPI/AccessControl/UserInfo/Delete?format=json',
        json: { UserInfoDelCond: { EmployeeNoList: employeeNos.map((employeeNo) => ({ employeeNo })) } },
      });
    } catch (err) {
      if (!(err instanceof IsapiError && /notexist/i.test(err.status.subStatusCode ?? ''))) throw err;
    }
  }
}

/** One `EventNotificationAlert` of the alert stream, the fields Atrium reads. */
export interface AlertEvent {
  eventType?: string;
  dateTime?: string;
  AccessControllerEvent?: {
    majorEventType?: number;
    subEventType?: number;
    cardNo?: string;
    employeeNoString?: string;
    employeeNo?: number | string;
    currentVerifyMode?: string;
    doorNo?: number;
    cardReaderNo?: number;
    similarity?: number;
  };
}

/** Splits a `multipart/mixed` byte stream into parts, however its chunks fall. */
export class MultipartSplitter {
  private buf: Buffer = Buffer.alloc(0);
  private readonly delimiter: Buffer;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`--${boundary}`);
  }

  push(chunk: Uint8Array): Array<{ headers: Record<string, string>; body: Buffer }> {
    this.buf = Buffer.concat([this.buf, chunk]);
    const parts: Array<{ headers: Record<string, string>; body: Buffer }> = [];
    for (;;) {
      const start = this.buf.indexOf(this.delimiter);
      if (start < 0) {
        // Keep what could be the start of a delimiter cut by the chunk.
        this.buf = this.buf.subarray(Math.max(0, this.buf.length - this.delimiter.length));
        break;
      }
      const headEnd = this.buf.indexOf('\r\n\r\n', start + this.delimiter.length);
      if (headEnd < 0) {
        this.buf = this.buf.subarray(start);
        break;
      }
      const headers: Record<string, string> = {};
      for (const line of this.buf
        .subarray(start + this.delimiter.length, headEnd)
        .toString('latin1')
        .split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const bodyStart = headEnd + 4;
      const length = Number(headers['content-length']);
      let body: Buffer;
      if (Number.isInteger(length) && length >= 0) {
        if (this.buf.length < bodyStart + length) {
          this.buf = this.buf.subarray(start);
          break;
        }
        body = this.buf.subarray(bodyStart, bodyStart + length);
        this.buf = this.buf.subarray(bodyStart + length);
      } else {
        const next = this.buf.indexOf(this.delimiter, bodyStart);
        if (next < 0) {
          this.buf = this.buf.subarray(start);
          break;
        }
        body = this.buf.subarray(bodyStart, next);
        if (body.subarray(-2).toString('latin1') === '\r\n') body = body.subarray(0, -2);
        this.buf = this.buf.subarray(next);
      }
      parts.push({ headers, body: Buffer.from(body) });
    }
    // A stream that never completes a part must not grow without bound (pictures are well below this).
    if (this.buf.length > 8 * 1024 * 1024) this.buf = Buffer.alloc(0);
    return parts;
  }
}

export interface AlertStreamOptions {
  isapi: Isapi;
  terminal: IsapiTerminal;
  logger: PluginLogger;
  /** Milliseconds to wait for the stream's first answer. */
  connectTimeoutMs: number;
  /** Silence after which the stream is presumed dead and reopened (terminals send heartbeats every few seconds). */
  idleTimeoutMs?: number;
  onEvent(event: AlertEvent): void;
}

/** Keeps a terminal's alert stream open until the returned function is called. */
export function watchAlertStream(options: AlertStreamOptions): () => void {
  const { isapi, terminal, logger } = options;
  const idleTimeoutMs = options.idleTimeoutMs ?? 90_000;
  let stopped = false;
  let controller: AbortController | undefined;
  let wake: (() => void) | undefined;
  let pause = 1000;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function once(): Promise<void> {
    controller = new AbortController();
    const abort = controller.abort.bind(controller);
    let timer = setTimeout(() => abort(new Error('no answer')), options.connectTimeoutMs);
    try {
      const res = await isapi.send(terminal, {
        method: 'GET',
        path: '/ISAPI/Event/notification/alertStream',
        signal: controller.signal,
      });
      const boundary = /boundary="?([^";]+)"?/i.exec(res.headers.get('content-type') ?? '')?.[1];
      if (!boundary || !res.body) throw new Error(`Hikvision ${terminal.name}: the alert stream is not multipart`);
      pause = 1000;
      logger.info({ terminal: terminal.id }, 'Hikvision alert stream open');
      const splitter = new MultipartSplitter(boundary);
      const reader = res.body.getReader();
      for (;;) {
        clearTimeout(timer);
        timer = setTimeout(() => abort(new Error(`silent for ${idleTimeoutMs} ms`)), idleTimeoutMs);
        const { done, value } = await reader.read();
        if (done) throw new Error('the terminal closed the alert stream');
        for (const part of splitter.push(value)) {
          if (!/json/i.test(part.headers['content-type'] ?? '')) continue; // heartbeats (XML) and pictures
          let event: AlertEvent;
          try {
            event = JSON.parse(part.body.toString('utf8')) as AlertEvent;
          } catch {
            logger.warn({ terminal: terminal.id }, 'Hikvision alert stream: a part that is not JSON');
            continue;
          }
          try {
            options.onEvent(event);
          } catch (err) {
            logger.error({ terminal: terminal.id, err: (err as Error).message }, 'alert handler failed');
          }
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  void (async () => {
    while (!stopped) {
      try {
        await once();
      } catch (err) {
        if (stopped) break;
        const what = err instanceof Error || err instanceof DOMException ? err.message : String(err);
        logger.warn({ terminal: terminal.id, err: what, retryInMs: pause }, 'Hikvision alert stream lost');
      }
      if (stopped) break;
      await sleep(pause);
      pause = Math.min(pause * 2, 60_000);
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
    wake?.();
  };
}

/** Epoch ms of an event's `dateTime` (ISO 8601 with the terminal's offset), or now when it has none. */
export function eventTime(event: AlertEvent, now: number): number {
  const t = event.dateTime ? Date.parse(event.dateTime) : NaN;
  return Number.isNaN(t) ? now : t;
}

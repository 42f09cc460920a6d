/**
 * A tenant's footprint: what its integration met and may rely on, from its recorded exchanges. Per
 * operation it calls: the statuses and errorCodes it received, the fields of the answers with their
 * types (success and error bodies), the notation of `errors[].field`, and the headers of the answers.
 * Shown before any replay, so a provider sees what each tenant uses.
 */
import { fieldNotation } from '../oracle/index.ts';
import { aspectsOf, operationOf, parseJson } from './aspects.ts';
import type { TenantTraffic, TrafficExchange } from './traffic.ts';

/** What one operation answered with one status: one row of the footprint's table. */
export interface OperationFootprint {
  /** `PUT /events/{uuid}` */
  readonly operation: string;
  /** 0: the tenant got no answer. */
  readonly status: number;
  readonly calls: number;
  readonly errorCodes: readonly string[];
  /** `uuid: string:uuid`, `errors[].field: string` */
  readonly fields: readonly string[];
  /** The notations of `errors[].field` it met (`dot (payload.channel)`). */
  readonly fieldNotations: readonly string[];
  readonly headers: readonly string[];
}

export interface TenantFootprint {
  readonly tenant: string;
  readonly exchanges: number;
  readonly operations: readonly OperationFootprint[];
}

/** An exchange whose answer the tenant got from the service (not one the recording layer made up). */
export const answeredByService = (exchange: TrafficExchange): boolean =>
  exchange.status > 0 && exchange.fault === undefined;

/** The answer the tenant got, as aspects: injected 429s included, for the tenant met them. */
export const recordedAspects = (exchange: TrafficExchange) =>
  aspectsOf({ status: exchange.status, headers: exchange.responseHeaders, body: exchange.responseBody });

const sorted = <T>(values: Iterable<T>): T[] => [...new Set(values)].sort();

const notationsOf = (exchange: TrafficExchange): string[] => {
  const errors = (parseJson(exchange.responseBody) as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .map((item) => (item as { field?: unknown } | null)?.field)
    .filter((field): field is string => typeof field === 'string')
    .map(fieldNotation);
};

const operationFootprint = (
  operation: string,
  status: number,
  exchanges: readonly TrafficExchange[],
): OperationFootprint => {
  const answered = exchanges.filter((e) => e.status > 0);
  const aspects = answered.map(recordedAspects);
  const named = (prefix: string) =>
    aspects.flatMap((map) => [...map].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k, v]));
  return {
    operation,
    status,
    calls: exchanges.length,
    errorCodes: sorted(aspects.flatMap((map) => map.get('errorCode') ?? [])),
    fields: sorted(named('field ').map(([k, v]) => `${(k as string).slice(6)}: ${v}`)),
    fieldNotations: sorted(answered.flatMap(notationsOf)),
    headers: sorted(named('header ').map(([k]) => (k as string).slice(7))),
  };
};

export const footprintOf = (traffic: TenantTraffic): TenantFootprint => {
  const rows = new Map<string, { operation: string; status: number; list: TrafficExchange[] }>();
  for (const exchange of traffic.exchanges) {
    const operation = operationOf(exchange.method, exchange.url);
    const key = `${operation} ${exchange.status}`;
    const row = rows.get(key) ?? { operation, status: exchange.status, list: [] };
    row.list.push(exchange);
    rows.set(key, row);
  }
  return {
    tenant: traffic.name,
    exchanges: traffic.exchanges.length,
    operations: [...rows.values()].map((row) => operationFootprint(row.operation, row.status, row.list)),
  };
};

import type { QueryValue } from '../../api/client';
import type { ExecutionState } from './executionTypes';

/** The filter form of the executions page; dates are `YYYY-MM-DD` from date inputs. */
export interface ExecutionFilters {
  state: ExecutionState | '';
  startDate: string;
  endDate: string;
  agentflowName: string;
  sessionId: string;
}

export const EMPTY_FILTERS: ExecutionFilters = {
  state: '',
  startDate: '',
  endDate: '',
  agentflowName: '',
  sessionId: '',
};

/** Local midnight of a `YYYY-MM-DD` day, or undefined when the text is not a date. */
function localDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The `GET /executions` query of a filter form and page. Empty fields are left out; the end date
 * includes the whole day, both in the user's time zone, sent as ISO instants.
 */
export function executionsQuery(
  filters: ExecutionFilters,
  page: number,
  limit: number,
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { page, limit };
  if (filters.state) query.state = filters.state;
  const start = localDay(filters.startDate);
  if (start) query.startDate = start.toISOString();
  const end = localDay(filters.endDate);
  if (end) {
    end.setHours(23, 59, 59, 999);
    query.endDate = end.toISOString();
  }
  const name = filters.agentflowName.trim();
  if (name) query.agentflowName = name;
  const session = filters.sessionId.trim();
  if (session) query.sessionId = session;
  return query;
}

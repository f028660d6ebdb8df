import type { NodeType } from '@flowloom/engine';
import { pictogramIcon } from '../../utilities/icons.js';
import type { ToolHandle } from '../tool.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Today's date and time from the run's clock, in UTC so every server answers alike. */
export function describeNow(now: Date) {
  const iso = now.toISOString();
  return {
    date: iso.slice(0, 10),
    time: iso.slice(11, 19),
    day: DAYS[now.getUTCDay()]!,
    timezone: 'UTC',
    timezoneOffset: '+00:00',
    iso8601: iso,
    unix_timestamp: Math.floor(now.getTime() / 1000),
  };
}

export const currentDateTime: NodeType = {
  icon: pictogramIcon('clock', '#00897b'),
  definition: {
    label: 'CurrentDateTime',
    name: 'currentDateTime',
    version: 1,
    type: 'CurrentDateTime',
    category: 'Tools',
    baseClasses: ['CurrentDateTime', 'Tool'],
    description: 'Get todays day, date and time.',
    inputs: [],
  },
  init(ctx): ToolHandle {
    const { services } = ctx.run;
    return {
      kind: 'tool',
      name: 'current_date_time',
      description: 'Useful to get current day, date and time.',
      inputSchema: { type: 'object', properties: {} },
      // Read at call time: the agent may call it long after the flow was built.
      invoke: () => Promise.resolve(JSON.stringify(describeNow(services.now()))),
    };
  },
};

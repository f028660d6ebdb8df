import type { Chatflow } from '@flowloom/shared';
import type { SettingsColumn } from './flowSettings';

/** What every Configuration section gets: the saved flow and a save of some of its columns. */
export interface SectionProps {
  flow: Chatflow;
  /** `PUT /chatflows/:id` with `body`; resolves true once saved (`message` shown), false on failure (shown). */
  save: (body: Partial<Record<SettingsColumn, string>>, message: string) => Promise<boolean>;
  /** For a section whose on/off state is not in the flow's JSON (MCP Server): tells the sidebar. */
  onStatusChange?: (on: boolean) => void;
}

import { useEffect, useState } from 'react';
import { mcpServerApi } from './mcpServerApi';

/**
 * Whether the flow is served over MCP, for the sidebar's dot: the flow's own JSON does not carry it
 * (its token is a secret), so it is asked for once; the MCP Server section reports changes.
 */
export function useMcpServerStatus(flowId: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let current = true;
    mcpServerApi
      .get(flowId)
      .then((config) => current && setOn(config.enabled === true))
      // No dot is the honest answer when it cannot be read (the section shows why).
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [flowId]);
  return [on, setOn];
}

import type { NodeDefinition } from '@flowloom/shared';

/**
 * Credential fields that name where a secret may be sent (a model's Base URL, a vector database's
 * server). A flow may never set them: whoever manages the credential decides where its key goes.
 */
export const CREDENTIAL_DESTINATION_FIELDS: ReadonlySet<string> = new Set([
  'baseUrl',
  'serverUrl',
  'controllerHostUrl',
  'server',
]);

/**
 * A credential's fields as a node reads them. As in Flowise, an input the node declares under a
 * field's name replaces that field (a key typed on the node), except the fields naming where the
 * secret may go; inputs the node does not declare are ignored, so flow JSON cannot slip one in.
 */
export function credentialWithInputs(
  data: Record<string, unknown>,
  inputs: Record<string, unknown>,
  declared: ReadonlySet<string>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...data };
  for (const key of Object.keys(data)) {
    if (!declared.has(key) || CREDENTIAL_DESTINATION_FIELDS.has(key)) continue;
    if (inputs[key] !== undefined && inputs[key] !== '') merged[key] = inputs[key];
  }
  return merged;
}

/**
 * The fields of a stored credential for a node, once its type is one the node takes: a secret goes
 * only where its own credential type sends it, so a Gmail token attached to a Slack node (by a flow's
 * JSON, say) is refused rather than sent to Slack.
 */
export function credentialForNode(
  definition: Pick<NodeDefinition, 'label' | 'credential'>,
  stored: { credentialName: string; data: Record<string, unknown> },
): Record<string, unknown> {
  const names = definition.credential?.credentialNames ?? [];
  if (names.length > 0 && !names.includes(stored.credentialName))
    throw new Error(
      `${definition.label} cannot use a ${stored.credentialName} credential: choose a ${names.join(' or ')} credential`,
    );
  return stored.data;
}

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

/** SPEC §5: import accepts only .json files, parsed as JSON. Rejects with a user-readable message. */
export async function readImportFile(file: File): Promise<unknown> {
  if (!file.name.toLowerCase().endsWith('.json')) {
    throw new Error('Only .json files can be imported');
  }
  const text = await file.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error('Invalid Imported File');
  }
}

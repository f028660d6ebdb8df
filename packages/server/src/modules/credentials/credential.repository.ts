import type { Db } from '../../db/database.js';

/** The credential writes `workspaceTable` has no shape for. */
export function createCredentialRepository(db: Db) {
  return {
    /**
     * Replaces the sealed data of a credential only if the row still holds `expected` (compare and
     * swap): false when another write came first, or the credential is gone.
     */
    async swapSealed(
      workspaceId: string,
      id: string,
      expected: string,
      patch: { encryptedData: string; updatedDate?: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('credential')
        .set(patch)
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .where('encryptedData', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The ids of a list filter that can exist. Ids that are not uuids match nothing; when none is left
 * the filter stays on and matches nothing (never a database cast error).
 */
export function onlyIds(ids: string[] | undefined): string[] | undefined {
  if (!ids) return undefined;
  const valid = ids.filter((id) => UUID.test(id));
  return valid.length > 0 ? valid : [NO_ID];
}

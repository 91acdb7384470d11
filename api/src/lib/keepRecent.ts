/**
 * Puts `key` last in a Map kept in order of use, and lets the least recently used entry go once the
 * map holds more than `max`: the bound of the small in-process memories (page bodies, page heads,
 * compiled e-mail shapes).
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

// Runs async tasks with at most `width` in flight, results in the tasks' order (benches and burst tests).
/**
 * @template T
 * @param {(() => Promise<T>)[]} tasks
 * @param {number} width
 * @returns {Promise<T[]>}
 */
export async function inParallel(tasks, width) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

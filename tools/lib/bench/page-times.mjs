// Response times of one server-rendered page, after a warm-up.
export async function measurePageTimes(siteUrl, path, count) {
  const url = new URL(path, siteUrl).href;
  for (let i = 0; i < 5; i++) await (await fetch(url)).text();
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

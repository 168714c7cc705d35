// Search in every script against a real PocketBase: ideas in Japanese, both Chinese scripts, Korean, Arabic, Persian,
// Hebrew, Cyrillic and the Latin of Vietnamese, Turkish and Polish found by their words.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
const IDEAS = {
  ja: { title: 'ダークモードを追加してください', body: '夜でも目にやさしい画面が欲しいです。' },
  zh: { title: '请添加暗色模式', body: '晚上使用时眼睛很累，希望界面更柔和。' },
  ar: { title: 'أضيفوا الوضع الداكن', body: 'نُرِيدُ كِتَابَةَ التَّعْلِيقَاتِ بِسُهُولَةٍ فِي اللَّيْلِ' },
  he: { title: 'הוסיפו מצב כהה', body: 'אֲנַחְנוּ רוֹצִים לִכְתֹּב בַּלַּיְלָה' },
  ko: { title: '다크 모드를 추가해 주세요', body: '밤에는 화면이 너무 밝아서 눈이 아파요.' },
  'zh-TW': { title: '請新增深色模式', body: '夜間使用時螢幕太亮，希望介面更柔和。' },
  fa: { title: 'حالت تاریک اضافه کنید', body: 'شب‌ها صفحه خیلی روشن است و می‌خواهم چشمم اذیت نشود.' },
  ru: { title: 'Добавьте тёмную тему', body: 'Ночью экран слишком яркий.' },
  uk: { title: 'Додайте темну тему для панелі', body: 'Вночі екран занадто яскравий.' },
  vi: { title: 'Thêm chế độ tối', body: 'Ban đêm màn hình quá sáng.' },
  tr: { title: 'İstanbul ofisi için karanlık mod', body: 'Gece ekran çok parlak, gözlerim yoruluyor.' },
  pl: { title: 'Dodajcie ciemny motyw', body: 'W nocy ekran jest zbyt jasny.' },
};
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  for (const [lang, idea] of Object.entries(IDEAS)) await createPost(pb, board, actors.member, { ...idea, lang });
});
afterAll(() => pb?.stop());

const search = (client: PocketBase, q: string, extra: Record<string, string> = {}) =>
  client.send<{ totalItems: number; items: RecordModel[] }>('/api/chorus/search', { query: { q, ...extra } });
const found = async (q: string, client: PocketBase = pb.visitor()) =>
  (await search(client, q)).items.map((post) => post.title);

describe('search in every script', () => {
  it.each([
    ['Japanese, a word inside a run of kana (trigrams)', 'モード', IDEAS.ja.title],
    ['Japanese, a two-character word (LIKE)', '追加', IDEAS.ja.title],
    ['Japanese, a word of the body', '画面', IDEAS.ja.title],
    ['Chinese, a four-character word', '暗色模式', IDEAS.zh.title],
    ['Chinese, a two-character word of the body', '眼睛', IDEAS.zh.title],
    ['Arabic, a whole word', 'الداكن', IDEAS.ar.title],
    ['Arabic, a prefix', 'الوض', IDEAS.ar.title],
    ['Arabic, an unmarked word finds text written with tashkeel', 'كتابة', IDEAS.ar.title],
    ['Arabic, a marked query finds unmarked text', 'الدَّاكِن', IDEAS.ar.title],
    ['Hebrew, a whole word', 'כהה', IDEAS.he.title],
    ['Hebrew, an unmarked word finds text written with niqqud', 'רוצים', IDEAS.he.title],
    ['two scripts at once', 'ダークモード 夜でも', IDEAS.ja.title],
    ['Korean, a word with its particle (trigrams)', '모드를', IDEAS.ko.title],
    ['Korean, a word inside a longer one', '모드', IDEAS.ko.title],
    ['Korean, two words of the body', '화면이 너무', IDEAS.ko.title],
    ['Traditional Chinese, a four-character word', '深色模式', IDEAS['zh-TW'].title],
    ['Traditional Chinese, two characters of the body', '介面', IDEAS['zh-TW'].title],
    ['Persian, a whole word', 'تاریک', IDEAS.fa.title],
    ['Persian, a word written with a zero-width non-joiner', 'می‌خواهم', IDEAS.fa.title],
    ['Russian, a prefix in another case', 'тёмн', IDEAS.ru.title],
    ['Ukrainian, a word with і', 'панелі', IDEAS.uk.title],
    ['Vietnamese, a word with its tone marks', 'chế độ', IDEAS.vi.title],
    ['Turkish, a capital dotted İ typed in lower case', 'istanbul', IDEAS.tr.title],
    ['Turkish, a dotless ı', 'karanlık', IDEAS.tr.title],
    ['Polish, a word of the body', 'jasny', IDEAS.pl.title],
  ])('%s: "%s"', async (_, q, title) => {
    expect(await found(q)).toEqual([title]);
  });
  it.each([
    ['Japanese', 'ライトモード'],
    ['Japanese, two characters', '削除'],
    ['Chinese', '导出数据'],
    ['Chinese, two characters', '手机'],
    ['Arabic', 'الفاتح'],
    ['Hebrew', 'בהיר'],
    ['Korean', '라이트 모드'],
    ['Russian', 'светлая'],
    ['Persian', 'روشنایی'],
    ['a Japanese word with a Latin word it does not have', 'ダークモード kanban'],
    ['emoji only', '🌙'],
  ])('%s: "%s" finds nothing', async (_, q) => {
    expect(await search(pb.visitor(), q)).toMatchObject({ totalItems: 0, items: [] });
  });
  it('ranks a title match above a body match in unspaced scripts too', async () => {
    await createPost(pb, board, actors.member, { title: '一般的な要望', body: 'メール通知設定を細かくしたい' });
    await createPost(pb, board, actors.member, { title: 'メール通知設定', body: '頻度を選べるように' });
    expect(await found('通知設定')).toEqual(['メール通知設定', '一般的な要望']);
  });
  it('keeps private-board and unapproved ideas hidden, in every script', async () => {
    const members = await createBoard(pb, 'members');
    await createPost(pb, members, actors.member, { title: '会員限定の提案です' });
    await createPost(pb, members, actors.member, { title: 'פיצ׳ר סודי לחברים' });
    await createPost(pb, board, actors.member, { title: '待审核的建议', approved: false });
    for (const q of ['会員限定', '限定', 'סודי', '待审核', '审核']) {
      expect(await search(pb.visitor(), q), q).toMatchObject({ totalItems: 0, items: [] });
      expect(await found(q, actors['other member']), q).toHaveLength(q.includes('审核') ? 0 : 1);
    }
    expect(await found('审核', actors.member)).toEqual(['待审核的建议']);
    expect(await found('会員限定', actors.member)).toEqual(['会員限定の提案です']);
  });
  it('follows edits, deletions and the board filter in the trigram index', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'カレンダー連携' });
    const other = await createBoard(pb, 'public');
    expect((await search(pb.visitor(), 'カレンダー', { board: other.id })).totalItems).toBe(0);
    expect((await search(pb.visitor(), 'カレンダー', { board: board.id })).totalItems).toBe(1);
    await actors.member.collection('posts').update(post.id, { title: 'スケジュール連携' });
    expect(await found('カレンダー')).toEqual([]);
    expect(await found('スケジュール')).toEqual(['スケジュール連携']);
    await actors.member.collection('posts').delete(post.id);
    expect(await found('連携')).toEqual([]);
  });
});

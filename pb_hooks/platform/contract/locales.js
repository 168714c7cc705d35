// GENERATED from src/contract/locales.ts by `npm run contract`: edit that file, never this one.
const LOCALES = [
  "en",
  "de",
  "fr",
  "es",
  "pt-BR",
  "it",
  "nl",
  "sv",
  "pl",
  "cs",
  "tr",
  "ru",
  "uk",
  "vi",
  "id",
  "ja",
  "ko",
  "zh-CN",
  "zh-TW",
  "ar",
  "fa",
  "he"
];
const RIGHT_TO_LEFT = ["ar", "fa", "he"];
module.exports = { LOCALES, RIGHT_TO_LEFT };

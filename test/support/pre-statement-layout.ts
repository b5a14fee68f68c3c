/* Layout checks on the text of a rendered pre-statement (item 16 of issue 15). */
import { INFORMATION_NOTICE } from '@libs/pre-statement/information-notice.texts';
import { PRE_STATEMENT_TEXTS as T } from '@libs/pre-statement/pre-statement.texts';

/** Every heading the document can print: the section and table headings, the notice's. */
const HEADINGS: string[] = (() => {
  const found = [
    INFORMATION_NOTICE.heading,
    ...INFORMATION_NOTICE.sections.map((section) => section.heading),
  ];
  const collect = (texts: object) => {
    for (const [key, value] of Object.entries(texts)) {
      if (typeof value === 'string' && /^heading$|Heading$/.test(key)) found.push(value);
      else if (typeof value === 'object' && value !== null) collect(value as object);
    }
  };
  collect(T);
  return found.map(flatText);
})();

function flatText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The heading the page's content ends with (running header, footer and watermark aside), or null. */
export function headingEndingPage(page: string): string | null {
  const lines = page.split('\n');
  const decoration = /^(SPÉCIMEN|Pré-état daté – commande .*|.* Page \d+ \/ \d+)$/;
  while (lines.length > 0 && decoration.test(lines[lines.length - 1].trim())) lines.pop();
  const content = flatText(lines.join(' '));
  return HEADINGS.find((heading) => content.endsWith(heading)) ?? null;
}

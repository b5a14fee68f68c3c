import { spawn } from 'child_process';

export interface PdfText {
  /** Text of every page, in reading order, no-break spaces read as plain spaces. */
  text: string;
  pages: number;
  /** The text of each page, in order. */
  pageTexts: string[];
}

/*
 * pdf-parse (pdf.js) loads its worker with a dynamic import(), which Jest's CommonJS sandbox refuses
 * without --experimental-vm-modules. Parsing in a plain Node child process sidesteps the sandbox.
 */
const PARSE_SCRIPT = `
const { PDFParse } = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const result = await parser.getText();
    process.stdout.write(
      JSON.stringify({ text: result.text, pages: result.total, pageTexts: result.pages.map((page) => page.text) }),
    );
  } finally {
    await parser.destroy();
  }
});
`;

/** Extracts the text of a PDF with pdf-parse, for assertions in tests. */
export function extractPdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PARSE_SCRIPT, require.resolve('pdf-parse')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`pdf-parse failed (exit ${code}): ${Buffer.concat(stderr).toString()}`));
        return;
      }
      const parsed = JSON.parse(Buffer.concat(stdout).toString('utf8')) as PdfText;
      const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
      resolve({ text: plain(parsed.text), pages: parsed.pages, pageTexts: parsed.pageTexts.map(plain) });
    });
    child.stdin.end(pdf);
  });
}

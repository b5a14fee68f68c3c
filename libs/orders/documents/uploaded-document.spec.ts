import { DomainError } from '@libs/platform/domain-error';
import {
  MAX_DOCUMENTS_PER_REQUEST,
  checkUploadedDocuments,
  decodeUploadedDocuments,
  isPdf,
} from './uploaded-document';
import { jpegBytes, pdfBytes, pngBytes, uploadItem } from '@test/support/document-fixtures';
import { PDFDocument } from 'pdf-lib';
import PDFKit from 'pdfkit';

const errorsOf = (value: unknown, minItems = 0) => checkUploadedDocuments(value, minItems).errors;

describe('checkUploadedDocuments', () => {
  it('decodes valid items of every accepted type, trimming the filename and lower-casing the type', () => {
    const { documents, errors } = checkUploadedDocuments(
      [
        uploadItem(),
        uploadItem({
          doctype: 8,
          filename: ' plan.png ',
          mimetype: 'IMAGE/PNG',
          content: pngBytes().toString('base64'),
        }),
        uploadItem({
          doctype: 10,
          filename: 'photo.jpg',
          mimetype: 'image/jpeg',
          content: jpegBytes().toString('base64'),
        }),
      ],
      1,
    );
    expect(errors).toEqual([]);
    expect(documents).toEqual([
      { doctype: 1, filename: 'fiche-synthetique.pdf', mimetype: 'application/pdf', content: pdfBytes() },
      { doctype: 8, filename: 'plan.png', mimetype: 'image/png', content: pngBytes() },
      { doctype: 10, filename: 'photo.jpg', mimetype: 'image/jpeg', content: jpegBytes() },
    ]);
  });

  it('reads base64 wrapped in lines as MIME, coreutils and Python write it, as the same file', () => {
    const wrapped = (newline: string) => pdfBytes().toString('base64').replace(/.{76}/g, `$&${newline}`);
    expect(wrapped('\n')).toContain('\n');
    const { documents, errors } = checkUploadedDocuments(
      [uploadItem({ content: wrapped('\r\n') }), uploadItem({ content: `${wrapped('\n')}\n` })],
      1,
    );
    expect(errors).toEqual([]);
    expect(documents.map((document) => document.content)).toEqual([pdfBytes(), pdfBytes()]);
  });

  it('keeps the kind a client states, one of its doctype’s; null or absent, none', () => {
    const { documents, errors } = checkUploadedDocuments(
      [
        uploadItem({ doctype: 3, kind: 'rules-and-division' }),
        uploadItem({ doctype: 4, kind: 'energy-performance' }),
        uploadItem({ doctype: 4, kind: null }),
      ],
      1,
    );
    expect(errors).toEqual([]);
    expect(documents.map((document) => [document.doctype, document.kind])).toEqual([
      [3, 'rules-and-division'],
      [4, 'energy-performance'],
      [4, undefined],
    ]);
    expect(documents[2]).not.toHaveProperty('kind');
  });

  it('refuses a value that is not a list, or a list of the wrong size', () => {
    expect(errorsOf('x')).toEqual(["Le champ 'documents' doit être une liste"]);
    expect(errorsOf({ 0: uploadItem() })).toEqual(["Le champ 'documents' doit être une liste"]);
    expect(errorsOf([], 1)).toEqual(["Le champ 'documents' doit contenir entre 1 et 20 éléments"]);
    expect(errorsOf([])).toEqual([]);
    expect(errorsOf(Array.from({ length: MAX_DOCUMENTS_PER_REQUEST }, () => uploadItem()))).toEqual([]);
    expect(errorsOf(Array.from({ length: MAX_DOCUMENTS_PER_REQUEST + 1 }, () => uploadItem()))).toEqual([
      "Le champ 'documents' doit contenir entre 0 et 20 éléments",
    ]);
  });

  it.each([
    ['not an object', 'pièce', "Le champ 'documents[1]' doit être un objet"],
    ['an array', [uploadItem()], "Le champ 'documents[1]' doit être un objet"],
    ['without doctype', uploadItem({ doctype: undefined }), "Le champ 'doctype' est obligatoire"],
    ['with doctype 0', uploadItem({ doctype: 0 }), "Le champ 'doctype' doit être un entier entre 1 et 10"],
    ['with doctype 11', uploadItem({ doctype: 11 }), "Le champ 'doctype' doit être un entier entre 1 et 10"],
    [
      'with doctype 1.5',
      uploadItem({ doctype: 1.5 }),
      "Le champ 'doctype' doit être un entier entre 1 et 10",
    ],
    [
      'with doctype "1"',
      uploadItem({ doctype: '1' }),
      "Le champ 'doctype' doit être un entier entre 1 et 10",
    ],
    [
      'with a kind of another doctype',
      uploadItem({ doctype: 4, kind: 'rules-and-division' }),
      "Le champ 'kind' doit valoir, pour le doctype 4, 'dtg' ou 'works-plan' ou 'works-plan-project' ou " +
        "'energy-audit' ou 'energy-performance'",
    ],
    [
      'with an unknown kind',
      uploadItem({ doctype: 3, kind: 'reglement' }),
      "Le champ 'kind' doit valoir, pour le doctype 3, 'rules' ou 'division' ou 'rules-and-division' ou " +
        "'rules-amendment'",
    ],
    [
      'with a kind that is not a string',
      uploadItem({ doctype: 2, kind: 2 }),
      "Le champ 'kind' doit valoir, pour le doctype 2, 'minutes'",
    ],
    ['without filename', uploadItem({ filename: undefined }), "Le champ 'filename' est obligatoire"],
    [
      'with a numeric filename',
      uploadItem({ filename: 12 }),
      "Le champ 'filename' doit être une chaîne de caractères",
    ],
    ['with a blank filename', uploadItem({ filename: '  ' }), "Le champ 'filename' ne doit pas être vide"],
    [
      'with a long filename',
      uploadItem({ filename: `${'a'.repeat(252)}.pdf` }),
      "Le champ 'filename' ne doit pas dépasser 255 caractères",
    ],
    [
      'with a path',
      uploadItem({ filename: '../etc/passwd' }),
      "Le champ 'filename' doit être un nom de fichier",
    ],
    [
      'with a Windows path',
      uploadItem({ filename: 'C:\\pv.pdf' }),
      "Le champ 'filename' doit être un nom de fichier",
    ],
    [
      'with a control character',
      uploadItem({ filename: 'pv\u0000.pdf' }),
      "Le champ 'filename' doit être un nom de fichier",
    ],
    ['named ..', uploadItem({ filename: '..' }), "Le champ 'filename' doit être un nom de fichier"],
    ['without mimetype', uploadItem({ mimetype: undefined }), "Le champ 'mimetype' est obligatoire"],
    [
      'of another type',
      uploadItem({ mimetype: 'text/plain' }),
      "Le champ 'mimetype' doit valoir 'application/pdf' ou 'image/jpeg' ou 'image/png'",
    ],
    ['without content', uploadItem({ content: undefined }), "Le champ 'content' est obligatoire"],
    ['with empty content', uploadItem({ content: '' }), "Le champ 'content' ne doit pas être vide"],
    [
      'with non-string content',
      uploadItem({ content: [1, 2] }),
      "Le champ 'content' doit être une chaîne de caractères",
    ],
    [
      'with non-base64 content',
      uploadItem({ content: 'pas du base64 !' }),
      "Le champ 'content' doit être encodé en base64 : le caractère « U+0020 » (position 3) n'en fait pas partie",
    ],
    [
      'with base64url content',
      uploadItem({ content: Buffer.from([0xfb, 0xff, 0xbf]).toString('base64url') }),
      "Le champ 'content' doit être encodé en base64 standard (caractères + et /, remplissage =), " +
        'pas en base64url (- et _)',
    ],
    [
      'given as a data URL',
      uploadItem({ content: `data:application/pdf;base64,${pdfBytes().toString('base64')}` }),
      "Le champ 'content' doit contenir le base64 seul, sans le préfixe « data:…;base64, » d'une URL data",
    ],
    [
      'with its padding missing',
      uploadItem({ content: pdfBytes().toString('base64').replace(/=+$/, '') }),
      "Le champ 'content' doit être encodé en base64 : son nombre de caractères (",
    ],
    ['with line breaks only', uploadItem({ content: '\r\n\n' }), "Le champ 'content' ne doit pas être vide"],
    [
      'with a fake PDF',
      uploadItem({ content: Buffer.from('bonjour').toString('base64') }),
      "Le champ 'content' doit contenir un fichier PDF valide",
    ],
    [
      'with a truncated PDF',
      uploadItem({ content: pdfBytes().subarray(0, 40).toString('base64') }),
      "Le champ 'content' doit contenir un fichier PDF valide",
    ],
    [
      'with a PDF declared as PNG',
      uploadItem({ mimetype: 'image/png', content: pdfBytes().toString('base64') }),
      "Le champ 'content' ne contient pas un fichier de type 'image/png'",
    ],
  ])('names the index of an item %s', (_case, item, reason) => {
    const errors = errorsOf([uploadItem(), item]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Document n°1 : /);
    expect(errors[0]).toContain(reason);
  });

  it('reports every invalid item, and decodes none of them', () => {
    const result = checkUploadedDocuments(
      [uploadItem({ doctype: 0 }), uploadItem(), uploadItem({ mimetype: 'x' })],
      0,
    );
    expect(result.documents).toEqual([]);
    expect(result.errors.map((e) => e.slice(0, 14))).toEqual(['Document n°0 :', 'Document n°2 :']);
  });

  it('names every field in error of an item, each in a text of its own', () => {
    expect(errorsOf([{ kind: 'dtg', filename: 7 }])).toEqual([
      "Document n°0 : Le champ 'doctype' est obligatoire",
      "Document n°0 : Le champ 'filename' doit être une chaîne de caractères",
      "Document n°0 : Le champ 'mimetype' est obligatoire",
      "Document n°0 : Le champ 'content' est obligatoire",
    ]);
    expect(
      errorsOf([uploadItem({ doctype: 4, kind: 'rules', filename: '', content: 'ça ne va pas' })]),
    ).toEqual([
      expect.stringMatching(/^Document n°0 : Le champ 'kind' doit valoir, pour le doctype 4, /),
      "Document n°0 : Le champ 'filename' ne doit pas être vide",
      expect.stringMatching(/^Document n°0 : Le champ 'content' .*base64/),
    ]);
  });

  it('matches the bytes against the declared type only when the type is valid', () => {
    const notAPdf = Buffer.from('pas un PDF').toString('base64');
    expect(errorsOf([uploadItem({ mimetype: 'text/html', content: notAPdf })])).toEqual([
      expect.stringMatching(/^Document n°0 : Le champ 'mimetype' doit valoir /),
    ]);
    expect(errorsOf([uploadItem({ doctype: 0, content: notAPdf })])).toEqual([
      "Document n°0 : Le champ 'doctype' doit être un entier entre 1 et 10",
      "Document n°0 : Le champ 'content' doit contenir un fichier PDF valide",
    ]);
  });

  it('uses the field name it is given', () => {
    expect(checkUploadedDocuments('x', 0, 'pieces').errors).toEqual([
      "Le champ 'pieces' doit être une liste",
    ]);
  });
});

describe('decodeUploadedDocuments', () => {
  it('throws one validation error joining the items’ texts', () => {
    let error: unknown;
    try {
      decodeUploadedDocuments([uploadItem({ doctype: 0 }), uploadItem({ filename: '' })], 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_failed');
    expect((error as DomainError).detailText).toBe(
      "Document n°0 : Le champ 'doctype' doit être un entier entre 1 et 10 ; " +
        "Document n°1 : Le champ 'filename' ne doit pas être vide",
    );
  });
});

describe('isPdf', () => {
  it('wants the header at the start and the end marker near the end', () => {
    expect(isPdf(pdfBytes())).toBe(true);
    expect(isPdf(Buffer.concat([pdfBytes(), Buffer.alloc(100, 0x20)]))).toBe(true);
    expect(isPdf(Buffer.concat([pdfBytes(), Buffer.alloc(2000, 0x20)]))).toBe(false);
    expect(isPdf(Buffer.concat([Buffer.from(' '), pdfBytes()]))).toBe(false);
  });

  const latin1 = (text: string) => Buffer.from(text, 'latin1');

  it('wants a trailer naming the catalog, and the catalog object', () => {
    expect(isPdf(latin1('%PDF-1.4 this is not a PDF %%EOF'))).toBe(false);
    expect(isPdf(latin1('%PDF-1.4\ntrailer << /Size 1 >>\n%%EOF\n'))).toBe(false);
    expect(isPdf(latin1('%PDF-1.4\ntrailer << /Root 1 0 R >>\n%%EOF\n'))).toBe(false);
    expect(isPdf(latin1('%PDF-1.4\n11 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))).toBe(false);
    expect(isPdf(latin1('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Roots 1 0 R >>\n%%EOF\n'))).toBe(false);
    expect(isPdf(latin1('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))).toBe(true);
    expect(isPdf(latin1('%PDF-1.4\r\n12\r\n0\robj<<>>endobj trailer<</Root\n12 0 R>>%%EOF'))).toBe(true);
  });

  it('looks for the catalog of the first and of the last trailer, whatever other bytes say /Root', () => {
    const updated =
      '%PDF-1.4\n(/Root 9 0 R in a string) 1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n' +
      '4 0 obj << >> endobj\ntrailer << /Root 4 0 R /Prev 9 >>\n%%EOF\n';
    expect(isPdf(latin1(updated))).toBe(true);
    expect(
      isPdf(latin1('%PDF-1.4\n(/Root 9 0 R) 1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')),
    ).toBe(true);
    expect(isPdf(latin1('%PDF-1.4\n(/Root 9 0 R) (/Root 8 0 R) trailer << /Root 7 0 R >>\n%%EOF'))).toBe(
      false,
    );
  });

  it('takes the files real writers make: a cross-reference stream and object streams, or a classic table', async () => {
    const packed = await PDFDocument.create();
    packed.addPage();
    const packedBytes = Buffer.from(await packed.save({ useObjectStreams: true }));
    expect(packedBytes.toString('latin1')).toContain('/ObjStm');
    expect(isPdf(packedBytes)).toBe(true);

    const classic = Buffer.from(await packed.save({ useObjectStreams: false }));
    expect(isPdf(classic)).toBe(true);

    const kit = new PDFKit();
    const chunks: Buffer[] = [];
    kit.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => kit.on('end', resolve));
    kit.text('Procès-verbal');
    kit.end();
    await ended;
    expect(isPdf(Buffer.concat(chunks))).toBe(true);
  });

  it('refuses 16 MB of bytes that only look like a trailer, in the test timeout', () => {
    const body = Buffer.from('/Root 1 '.repeat(2_000_000), 'latin1');
    expect(isPdf(Buffer.concat([latin1('%PDF-1.4\n'), body, latin1('\n%%EOF\n')]))).toBe(false);
    const references = Buffer.from('/Root 1 0 R '.repeat(1_500_000), 'latin1');
    expect(isPdf(Buffer.concat([latin1('%PDF-1.4\n'), references, latin1('\n%%EOF\n')]))).toBe(false);
  });
});

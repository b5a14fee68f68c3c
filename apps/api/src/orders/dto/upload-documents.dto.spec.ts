import 'reflect-metadata';
import { DtoValidationPipe } from '../../platform/http/dto-validation.pipe';
import { CreateOrderDto, toNewOrder } from './create-order.dto';
import { UploadDocumentsDto } from './upload-documents.dto';
import { DomainError } from '@libs/platform/domain-error';
import { pdfBytes, uploadItem } from '@test/support/document-fixtures';
import { orderBody } from '@test/support/order-fixtures';

const pipe = new DtoValidationPipe();

function validate<T>(dto: new () => T, body: unknown): T {
  return pipe.transform(body, { type: 'body', metatype: dto }) as T;
}

function rejectionText(dto: new () => unknown, body: unknown): string | undefined {
  try {
    validate(dto, body);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_failed');
    return (error as DomainError).detailText;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('UploadDocumentsDto', () => {
  it('accepts a list of valid items', () => {
    expect(validate(UploadDocumentsDto, { documents: [uploadItem()] }).documents).toHaveLength(1);
  });

  it.each([
    [{}, "Le champ 'documents' est obligatoire"],
    [{ documents: [] }, "Le champ 'documents' doit contenir entre 1 et 20 éléments"],
    [{ documents: 'x' }, "Le champ 'documents' doit être une liste"],
    [
      { documents: [uploadItem(), uploadItem({ doctype: 12 })] },
      "Document n°1 : Le champ 'doctype' doit être un entier entre 1 et 10",
    ],
    [
      { documents: [uploadItem({ doctype: 4, kind: 'rules' })] },
      "Document n°0 : Le champ 'kind' doit valoir, pour le doctype 4, 'dtg' ou 'works-plan' ou " +
        "'works-plan-project' ou 'energy-audit' ou 'energy-performance'",
    ],
  ])('refuses %j', (body, text) => {
    expect(rejectionText(UploadDocumentsDto, body)).toBe(text);
  });
});

describe('CreateOrderDto documents', () => {
  it('say what they are with an optional kind, kept in the new order', () => {
    const dto = validate(
      CreateOrderDto,
      orderBody({
        method: 'upload',
        syndic: undefined,
        documents: [uploadItem({ doctype: 3, kind: 'division' })],
      }),
    );
    expect(toNewOrder(dto).documents[0]).toMatchObject({ doctype: 3, kind: 'division' });
  });

  it('are optional and decoded into the new order', () => {
    expect(toNewOrder(validate(CreateOrderDto, orderBody())).documents).toEqual([]);
    const dto = validate(
      CreateOrderDto,
      orderBody({ method: 'upload', syndic: undefined, documents: [uploadItem()] }),
    );
    expect(toNewOrder(dto).documents).toEqual([
      { doctype: 1, filename: 'fiche-synthetique.pdf', mimetype: 'application/pdf', content: pdfBytes() },
    ]);
  });

  it('name the invalid item', () => {
    const body = orderBody({
      method: 'upload',
      documents: [
        uploadItem(),
        uploadItem(),
        uploadItem({ mimetype: 'application/pdf', content: 'aGVsbG8=' }),
      ],
    });
    expect(rejectionText(CreateOrderDto, body)).toBe(
      "Document n°2 : Le champ 'content' doit contenir un fichier PDF valide",
    );
  });
});

import 'reflect-metadata';
import { DtoValidationPipe } from '../../platform/http/dto-validation.pipe';
import { CreateOrderDto, toNewOrder } from './create-order.dto';
import { DomainError } from '@libs/platform/domain-error';
import { errorMessage } from '@libs/platform/messages.fr';
import { OutboundAddressGuard } from '@libs/platform/outbound/outbound-address.guard';
import { orderBody } from '@test/support/order-fixtures';

const SYNDIC_TEXT = "Informations du syndic manquantes ou incorrectes pour la méthode 'extranet'";
const pipe = new DtoValidationPipe();

function validate(body: unknown): CreateOrderDto {
  return pipe.transform(body, { type: 'body', metatype: CreateOrderDto }) as CreateOrderDto;
}

/** The DomainError the pipe throws for `body`; fails the test when the body is accepted. */
function rejection(body: unknown): DomainError {
  try {
    validate(body);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

/** A valid body with one field removed. */
function without(field: string): Record<string, unknown> {
  const body = orderBody();
  delete body[field];
  return body;
}

describe('CreateOrderDto validation', () => {
  it('accepts the published body and returns a CreateOrderDto', () => {
    const dto = validate(orderBody());
    expect(dto).toBeInstanceOf(CreateOrderDto);
    expect(dto.owners).toEqual([{ firstname: 'Marie', lastname: 'Dupont' }]);
    expect(dto.syndic?.username).toBe('marie.dupont');
  });

  it('drops unknown fields, at the top level and inside nested objects', () => {
    const dto = validate(
      orderBody({
        unknown: 'x',
        sso_provider: 'google',
        owners: [{ firstname: 'Marie', lastname: 'Dupont', age: 40 }],
        syndic: { name: 'Foncia', username: 'u', password: 'p', extra: true },
      }),
    );
    expect(dto).not.toHaveProperty('unknown');
    expect(dto).not.toHaveProperty('sso_provider');
    expect(dto.owners[0]).not.toHaveProperty('age');
    expect(dto.syndic).not.toHaveProperty('extra');
  });

  it('accepts the optional fields of the contract', () => {
    const dto = validate(
      orderBody({
        email: 'notaire@example.fr',
        additional: '',
        external_id: 12345,
        lots: '12, 14',
        comment: 'Urgent',
        callback_url: 'https://hooks.example.fr/pre-etat',
        syndic: { name: 'Foncia', username: 'u', password: 'p', url: 'https://extranet.foncia.fr' },
        owners: Array.from({ length: 10 }, (_, i) => ({ firstname: `P${i}`, lastname: `N${i}` })),
      }),
    );
    expect(dto.owners).toHaveLength(10);
    expect(dto.external_id).toBe(12345);
  });

  it.each([
    ['body', null, 'Le corps de la requête doit être un objet JSON'],
    ['body', [orderBody()], 'Le corps de la requête doit être un objet JSON'],
    ['body', 'address=x', 'Le corps de la requête doit être un objet JSON'],
  ])('refuses a %s that is not an object (%j)', (_what, body, text) => {
    const error = rejection(body);
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(text);
  });

  it.each(['address', 'city', 'zipcode', 'owners', 'invoice', 'method'])('requires %s', (field) => {
    const error = rejection(without(field));
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(`Le champ '${field}' est obligatoire`);
  });

  it('names every missing field of an empty body', () => {
    const error = rejection({});
    expect(error.code).toBe('validation_failed');
    for (const field of ['address', 'city', 'zipcode', 'owners', 'invoice', 'method']) {
      expect(error.detailText).toContain(`Le champ '${field}' est obligatoire`);
    }
  });

  const refusals: [Record<string, unknown>, string][] = [
    [{ address: '' }, "Le champ 'address' ne doit pas être vide"],
    [{ address: 12 }, "Le champ 'address' doit être une chaîne de caractères"],
    [{ address: 'x'.repeat(501) }, "Le champ 'address' ne doit pas dépasser 500 caractères"],
    [{ city: '' }, "Le champ 'city' ne doit pas être vide"],
    [{ additional: 3 }, "Le champ 'additional' doit être une chaîne de caractères"],
    [{ zipcode: '6900' }, "Le champ 'zipcode' doit contenir exactement 5 chiffres"],
    [{ zipcode: '690033' }, "Le champ 'zipcode' doit contenir exactement 5 chiffres"],
    [{ zipcode: '6900A' }, "Le champ 'zipcode' doit contenir exactement 5 chiffres"],
    [{ zipcode: 69003 }, "Le champ 'zipcode' doit contenir exactement 5 chiffres"],
    [{ owners: [] }, "Le champ 'owners' doit contenir entre 1 et 10 éléments"],
    [
      { owners: Array.from({ length: 11 }, () => ({ firstname: 'A', lastname: 'B' })) },
      "Le champ 'owners' doit contenir entre 1 et 10 éléments",
    ],
    [{ owners: { firstname: 'A', lastname: 'B' } }, "Le champ 'owners' doit être une liste"],
    [{ owners: [{ lastname: 'Dupont' }] }, "Le champ 'owners[0].firstname' est obligatoire"],
    [
      {
        owners: [
          { firstname: 'A', lastname: 'B' },
          { firstname: 'C', lastname: '' },
        ],
      },
      "Le champ 'owners[1].lastname' ne doit pas être vide",
    ],
    [{ owners: ['Marie Dupont'] }, "Le champ 'owners[0]' doit être un objet"],
    [{ owners: [{ firstname: 'A', lastname: 'B' }, null] }, "Le champ 'owners[1]' doit être un objet"],
    [{ invoice: 'Étude Martin' }, "Le champ 'invoice' doit être un objet"],
    [
      { invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002' } },
      "Le champ 'invoice.lastname' est obligatoire",
    ],
    [
      { invoice: { address: '', city: 'Lyon', zipcode: '69002', lastname: 'Martin' } },
      "Le champ 'invoice.address' ne doit pas être vide",
    ],
    [{ method: 'fax' }, "Le champ 'method' doit valoir 'extranet' ou 'upload'"],
    [{ email: 'not-an-email' }, "Le champ 'email' doit être une adresse e-mail valide"],
    [{ all_due_paid: 'yes' }, "Le champ 'all_due_paid' doit être un booléen (true ou false)"],
    [{ test_mode: 1 }, "Le champ 'test_mode' doit être un booléen (true ou false)"],
    [{ external_id: { id: 1 } }, "Le champ 'external_id' doit être une chaîne de caractères ou un nombre"],
    [{ external_id: true }, "Le champ 'external_id' doit être une chaîne de caractères ou un nombre"],
    [{ external_id: 'x'.repeat(256) }, "Le champ 'external_id' ne doit pas dépasser 255 caractères"],
    [
      { external_id: Number.POSITIVE_INFINITY },
      "Le champ 'external_id' doit être une chaîne de caractères ou un nombre",
    ],
    [
      // 12345678901234567890 in a JSON body: parsed, it is already 12345678901234567000.
      { external_id: JSON.parse('12345678901234567890') as number },
      "Le champ 'external_id' est un nombre trop grand pour être conservé exactement : envoyez-le entre guillemets",
    ],
    [{ lots: 12 }, "Le champ 'lots' doit être une chaîne de caractères"],
    [{ comment: 'x'.repeat(2001) }, "Le champ 'comment' ne doit pas dépasser 2000 caractères"],
    [{ callback_url: 'ftp://hooks.example.fr' }, "Le champ 'callback_url' doit être une URL http(s) valide"],
    [{ callback_url: 'hooks.example.fr/x' }, "Le champ 'callback_url' doit être une URL http(s) valide"],
    [{ callback_url: 42 }, "Le champ 'callback_url' doit être une URL http(s) valide"],
    [
      { syndic: { name: 'Foncia', username: 'u', password: 'p', url: 'javascript:alert(1)' } },
      "Le champ 'syndic.url' doit être une URL http(s) valide",
    ],
  ];
  it.each(refusals.map(([override, text]) => [text, override] as const))(
    'refuses with %s (case %#)',
    (text, override) => {
      const error = rejection(orderBody(override));
      expect(error.code).toBe('validation_failed');
      expect(error.detailText).toBe(text);
    },
  );

  it.each([
    ['address', { address: '   ' }],
    ['city', { city: '\t' }],
    ['owners[0].lastname', { owners: [{ firstname: 'Marie', lastname: '  ' }] }],
    ['invoice.lastname', { invoice: { address: 'a', city: 'b', zipcode: '69002', lastname: ' ' } }],
  ])('refuses a blank %s, which would be stored empty once trimmed', (field, override) => {
    const error = rejection(orderBody(override));
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(`Le champ '${field}' ne doit pas être vide`);
  });

  describe("the syndic rule for method 'extranet'", () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['a string', 'Foncia'],
      ['a list', [{ name: 'Foncia', username: 'u', password: 'p' }]],
      ['empty', {}],
      ['without name', { username: 'u', password: 'p' }],
      ['with an empty name', { name: '', username: 'u', password: 'p' }],
      ['with an empty username', { name: 'Foncia', username: '', password: 'p' }],
      ['without password', { name: 'Foncia', username: 'u' }],
      ['with an empty password', { name: 'Foncia', username: 'u', password: '' }],
      ['with a numeric password', { name: 'Foncia', username: 'u', password: 1234 }],
    ])('gives the published text when the syndic is %s', (_case, syndic) => {
      const body = orderBody({ method: 'extranet', syndic });
      if (syndic === undefined) delete body.syndic;
      const error = rejection(body);
      expect(error.code).toBe('syndic_invalid');
      // What the exception filter renders for the client: the exact text of the published interface.
      expect(errorMessage(error.code, error.details, error.detailText)).toBe(SYNDIC_TEXT);
    });

    it('wins over other validation errors of the same body', () => {
      const error = rejection(orderBody({ zipcode: 'x', syndic: {} }));
      expect(error.code).toBe('syndic_invalid');
    });

    it("does not apply to method 'upload'", () => {
      const body = orderBody({ method: 'upload' });
      delete body.syndic;
      expect(validate(body).method).toBe('upload');
      expect(validate(orderBody({ method: 'upload', syndic: 'ignored' })).method).toBe('upload');
    });
  });
});

describe('toNewOrder', () => {
  it('normalises a validated body', () => {
    const order = toNewOrder(
      validate(
        orderBody({
          address: '  12 rue des Lilas ',
          city: ' Lyon ',
          owners: [{ firstname: ' Marie ', lastname: ' Dupont ' }],
          invoice: {
            address: ' 3 place Bellecour ',
            city: 'Lyon\t',
            zipcode: ' 69002',
            lastname: 'Étude Martin  ',
          },
          external_id: 42,
          lots: ' 12, 14 ',
          callback_url: 'https://hooks.example.fr/x',
          syndic: { name: 'Foncia', username: 'u', password: 'p' },
        }),
      ),
    );
    expect(order).toEqual({
      email: null,
      address: '12 rue des Lilas',
      additional: 'Bâtiment B',
      city: 'Lyon',
      zipcode: '69003',
      owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
      invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
      method: 'extranet',
      syndic: { name: 'Foncia', username: 'u', password: 'p', url: null },
      allDuePaid: false,
      externalId: '42',
      testMode: true,
      lots: '12, 14',
      comment: null,
      callbackUrl: 'https://hooks.example.fr/x',
      documents: [],
    });
  });

  it('fills the defaults of the optional fields', () => {
    const body = orderBody();
    for (const field of ['additional', 'all_due_paid', 'external_id', 'test_mode']) delete body[field];
    const order = toNewOrder(validate(body));
    expect(order.additional).toBe('');
    expect(order.allDuePaid).toBe(false);
    expect(order.externalId).toBe('');
    expect(order.testMode).toBe(false);
    expect(order.lots).toBeNull();
    expect(order.comment).toBeNull();
    expect(order.callbackUrl).toBeNull();
    expect(order.email).toBeNull();
  });

  it('keeps a string external_id as given and turns a number into its decimal string', () => {
    expect(toNewOrder(validate(orderBody({ external_id: 'DOSSIER-42' }))).externalId).toBe('DOSSIER-42');
    expect(toNewOrder(validate(orderBody({ external_id: 0 }))).externalId).toBe('0');
    expect(toNewOrder(validate(orderBody({ external_id: 12.5 }))).externalId).toBe('12.5');
  });

  it('turns blank lots into null', () => {
    expect(toNewOrder(validate(orderBody({ lots: '   ' }))).lots).toBeNull();
  });

  it('drops the syndic of an upload order', () => {
    const order = toNewOrder(validate(orderBody({ method: 'upload' })));
    expect(order.method).toBe('upload');
    expect(order.syndic).toBeNull();
  });

  it('keeps the syndic url when given', () => {
    const order = toNewOrder(
      validate(
        orderBody({ syndic: { name: 'N', username: 'u', password: 'p', url: 'https://x.example.fr' } }),
      ),
    );
    expect(order.syndic).toEqual({ name: 'N', username: 'u', password: 'p', url: 'https://x.example.fr' });
  });
});

describe('CreateOrderDto validation: syndic.url, the extranet address the service will call', () => {
  const production = new DtoValidationPipe(new OutboundAddressGuard({ allowPrivate: false }, 'extranet'));
  const development = new DtoValidationPipe(new OutboundAddressGuard({ allowPrivate: true }, 'extranet'));
  const withUrl = (url: unknown) =>
    orderBody({ syndic: { name: 'Foncia', username: 'u', password: 'p', url } });
  const refusalBy = (validationPipe: DtoValidationPipe, body: unknown): DomainError => {
    try {
      validationPipe.transform(body, { type: 'body', metatype: CreateOrderDto });
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error(`accepted ${JSON.stringify(body)}`);
  };
  const REFUSED =
    "Le champ 'syndic.url' désigne une adresse interdite (boucle locale, réseau privé, lien local ou " +
    'service de métadonnées) : donnez l’adresse publique de l’extranet';

  it.each([
    'http://127.0.0.1:8080/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]:3100/extranet',
    'http://169.254.169.254/latest/meta-data/',
    'https://10.0.0.12/',
    'http://100.64.0.1/',
    'http://[fd00:ec2::254]/',
  ])('refuses the IP literal %s in production, naming the field', (url) => {
    const error = refusalBy(production, withUrl(url));
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(REFUSED);
  });

  it('accepts those addresses where the policy allows them (development, tests)', () => {
    expect(
      development.transform(withUrl('http://127.0.0.1:8080/'), { type: 'body', metatype: CreateOrderDto }),
    ).toBeInstanceOf(CreateOrderDto);
  });

  it('accepts public addresses and host names, which are judged on what they resolve to when called', () => {
    for (const url of [
      'https://extranet.foncia.fr/copro',
      'http://93.184.215.14/',
      'http://localhost:3100',
    ]) {
      expect(production.transform(withUrl(url), { type: 'body', metatype: CreateOrderDto })).toBeInstanceOf(
        CreateOrderDto,
      );
    }
  });

  it('refuses credentials in the address, in every mode', () => {
    for (const validationPipe of [production, development, pipe]) {
      const error = refusalBy(validationPipe, withUrl('https://admin:hunter2@extranet.foncia.fr/'));
      expect(error.detailText).toBe(
        "Le champ 'syndic.url' ne doit pas contenir d'identifiants (utilisateur:mot de passe@) : " +
          "ils vont dans 'username' et 'password'",
      );
    }
  });

  it('judges the order’s callback_url by the same policy, naming it', () => {
    const withCallback = (callback_url: string) => orderBody({ callback_url });
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:8080/hook']) {
      const error = refusalBy(production, withCallback(url));
      expect(error.code).toBe('validation_failed');
      expect(error.detailText).toBe(
        "Le champ 'callback_url' désigne une adresse interdite (boucle locale, réseau privé, lien local " +
          'ou service de métadonnées) : donnez l’adresse publique de votre serveur de notifications',
      );
    }
    expect(
      development.transform(withCallback('http://127.0.0.1:8080/hook'), {
        type: 'body',
        metatype: CreateOrderDto,
      }),
    ).toBeInstanceOf(CreateOrderDto);
    expect(
      production.transform(withCallback('https://notaire.example.fr/webhooks'), {
        type: 'body',
        metatype: CreateOrderDto,
      }),
    ).toBeInstanceOf(CreateOrderDto);
  });

  it('refuses what is not an http(s) URL or is too long', () => {
    for (const url of [
      'ftp://extranet.foncia.fr',
      'file:///etc/passwd',
      42,
      `https://x.fr/${'a'.repeat(2048)}`,
    ]) {
      expect(refusalBy(production, withUrl(url)).detailText).toMatch(/^Le champ 'syndic\.url' /);
    }
  });

  it('reports the refused address with the other problems of the body', () => {
    const error = refusalBy(production, { ...withUrl('http://127.0.0.1/'), zipcode: '690' });
    expect(error.detailText).toBe(`Le champ 'zipcode' doit contenir exactement 5 chiffres ; ${REFUSED}`);
  });
});

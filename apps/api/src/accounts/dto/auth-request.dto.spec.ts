import 'reflect-metadata';
import { AuthRequestDto } from './auth-request.dto';
import { DtoValidationPipe } from '../../platform/http/dto-validation.pipe';
import { DomainError } from '@libs/platform/domain-error';

const pipe = new DtoValidationPipe();
const validate = (body: unknown) => pipe.transform(body, { type: 'body', metatype: AuthRequestDto });

function rejection(body: unknown): DomainError {
  try {
    validate(body);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('AuthRequestDto validation', () => {
  it('accepts an email and a password and drops anything else', () => {
    const dto = validate({ email: 'notaire@example.fr', password: 'secret', remember: true });
    expect(dto).toBeInstanceOf(AuthRequestDto);
    expect(dto).toEqual(
      Object.assign(new AuthRequestDto(), { email: 'notaire@example.fr', password: 'secret' }),
    );
  });

  const refusals: [unknown, string][] = [
    [{ password: 'x' }, "Le champ 'email' est obligatoire"],
    [{ email: 'a@b.fr' }, "Le champ 'password' est obligatoire"],
    [{ email: null, password: 'x' }, "Le champ 'email' est obligatoire"],
    [{ email: 42, password: 'x' }, "Le champ 'email' doit être une chaîne de caractères"],
    [{ email: 'a@b.fr', password: ['x'] }, "Le champ 'password' doit être une chaîne de caractères"],
    [
      { email: 'a@b.fr', password: 'x'.repeat(1025) },
      "Le champ 'password' ne doit pas dépasser 1024 caractères",
    ],
    [
      { email: `${'a'.repeat(316)}@b.fr`, password: 'x' },
      "Le champ 'email' ne doit pas dépasser 320 caractères",
    ],
  ];
  it.each(refusals.map(([body, text]) => [text, body] as const))('refuses with %s', (text, body) => {
    const error = rejection(body);
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(text);
  });

  it('names both fields when both are missing', () => {
    expect(rejection({}).detailText).toBe(
      "Le champ 'email' est obligatoire ; Le champ 'password' est obligatoire",
    );
  });

  it('refuses a body that is not an object', () => {
    expect(rejection('email=a@b.fr').detailText).toBe('Le corps de la requête doit être un objet JSON');
  });
});

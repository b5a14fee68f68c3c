import { type Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions, type SchemaObject } from '@nestjs/swagger';

declare const described: unique symbol;

/** A response shape whose every property carries its OpenAPI description (made by describeSchema). */
export type DescribedSchema<T> = Type<T> & { readonly [described]: true };

type ScalarType<V> = [V] extends [string]
  ? StringConstructor
  : [V] extends [number]
    ? NumberConstructor
    : [V] extends [boolean]
      ? BooleanConstructor
      : never;

/** The `type` a property declares, dictated by the TypeScript type of the field. */
type SchemaTypeOf<V> = [V] extends [string | number | boolean]
  ? ScalarType<V>
  : [V] extends [readonly (infer Item)[]]
    ? [DescribedSchema<Item>]
    : 'object';

/** What the document says of one field; `nullable` exactly when the field can be null. */
export type PropertyDoc<V> = {
  type: SchemaTypeOf<NonNullable<V>>;
  description: string;
  example?: V;
  enum?: readonly string[];
  additionalProperties?: SchemaObject;
} & (null extends V ? { nullable: true } : { nullable?: never });

/**
 * Attaches the OpenAPI schema to the class that declares a response shape, once: the library class is
 * the one declaration of the shape (the code builds plain objects typed by it), and the compiler
 * refuses a field without its description here, a described field the class lacks, or a `type` or
 * `nullable` that disagrees with the field's type. Nested shapes must be described first.
 */
export function describeSchema<T extends object>(
  shape: Type<T>,
  properties: { [K in keyof T]-?: PropertyDoc<T[K]> },
): DescribedSchema<T> {
  for (const [key, doc] of Object.entries(properties)) {
    ApiProperty(doc as ApiPropertyOptions)(shape.prototype as object, key);
  }
  return shape as DescribedSchema<T>;
}

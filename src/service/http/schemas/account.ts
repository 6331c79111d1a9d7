/** Schemas of `GET /v0.4/whoami` and of `GET /v0.4/schemas/formats/{format}` (IonQ's SDK `Whoami`, `FormatSchemaDocument`). */
import { Type } from 'typebox';
import { Uuid } from './common.js';

export const Whoami = Type.Object(
  {
    key_id: Uuid,
    key_name: Type.String(),
    project_id: Type.Optional(Uuid),
    user_id: Type.String(),
    project: Type.String(),
  },
  { description: "Who the request's key belongs to" },
);

export const FormatParams = Type.Object({ format: Type.String({ maxLength: 100 }) });
/** `$schema`, `$id` (the format asked for), `type`, `description` and the format's own keywords. */
export const FormatSchemaDocument = Type.Object(
  {},
  { additionalProperties: true, description: 'A JSON Schema document' },
);

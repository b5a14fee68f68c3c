import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { DocumentLinkService } from '@libs/notifications/document-links/document-link.service';
import { Public } from '../platform/security/public.decorator';
import { Endpoint } from '../openapi/endpoint.decorator';

/**
 * The signed, expiring document links of `done` notifications. Public: the signature is the
 * authorisation, so no bearer token is asked.
 */
@Controller('documents')
export class DocumentLinkController {
  constructor(private readonly documents: DocumentLinkService) {}

  @Public()
  @Get(':id')
  @Endpoint({
    tag: 'notifications',
    operationId: 'openDocumentLink',
    summary: 'Télécharger un document par son lien signé',
    description:
      'Les `url` des documents d’une notification `done` : liens signés qui expirent (7 jours par défaut). ' +
      'La signature tient lieu d’autorisation : ni clé API ni jeton. Un lien expiré se renouvelle en ' +
      'relivrant la notification.',
    params: [{ name: 'id', description: 'Identifiant du document', example: '17' }],
    query: [
      { name: 'expires', required: true, description: 'Échéance du lien (secondes Unix)' },
      { name: 'signature', required: true, description: 'Signature du lien' },
    ],
    ok: {
      description: 'Le document',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    errors: {
      404: { description: 'Lien invalide', examples: ['documentLinkInvalid'] },
      410: { description: 'Lien expiré', examples: ['documentLinkExpired'] },
    },
  })
  // The link is a bearer of rights: no shared cache may keep the document.
  @Header('Cache-Control', 'private, no-store')
  async open(
    @Param('id') id: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
  ): Promise<StreamableFile> {
    const document = await this.documents.open(id, single(expires), single(signature));
    return new StreamableFile(document.content, {
      type: document.mimetype,
      disposition: attachment(document.filename),
      length: document.content.length,
    });
  }
}

/** A repeated query parameter is not a valid link. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
function attachment(filename: string): string {
  const ascii =
    filename
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'document';
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

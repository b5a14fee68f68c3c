import { ApiProperty } from '@nestjs/swagger';

export class UploadedDocumentSummaryModel {
  @ApiProperty({ description: 'Type du document (1 à 10, voir la table des doctypes)', example: 2 })
  doctype!: number;

  @ApiProperty({ example: 'pv-ag-2024.pdf' })
  filename!: string;

  @ApiProperty({ description: 'Identifiant du document enregistré', example: 17 })
  id!: number;

  @ApiProperty({ example: 'application/pdf' })
  mimetype!: string;

  @ApiProperty({ description: 'Taille en octets', example: 48213 })
  size!: number;
}

export class UploadReceiptModel {
  @ApiProperty({ type: [UploadedDocumentSummaryModel] })
  documents!: UploadedDocumentSummaryModel[];

  @ApiProperty({ example: 'K7Q2ZP' })
  orderid!: string;
}

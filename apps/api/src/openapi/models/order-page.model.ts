import { ApiProperty } from '@nestjs/swagger';
import { OrderRecordModel } from './order-record.model';

export class OrderPageModel {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Curseur de la page suivante (paramètre `cursor`) ; null sur la dernière page',
    example: 'eyJjIjoiMjAyNS0wMy0yNVQxNzozMjozOS4wMDBaIiwibyI6Iks3UTJaUCJ9',
  })
  next_cursor!: string | null;

  @ApiProperty({ type: [OrderRecordModel], description: 'Commandes du compte, les plus récentes d’abord' })
  orders!: OrderRecordModel[];
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../platform/security/public.decorator';

// Served by the service itself: the console loads nothing from elsewhere.
const STYLESHEET = readFileSync(path.join(__dirname, 'assets', 'console.css'), 'utf8');

/** The console's stylesheet (no script: the pages work without JavaScript). Public, like a login page. */
@Public()
@ApiExcludeController()
@Controller('console/assets')
export class ConsoleAssetsController {
  @Get('console.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  stylesheet(): string {
    return STYLESHEET;
  }
}

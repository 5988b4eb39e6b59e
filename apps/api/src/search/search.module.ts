import { Module } from '@nestjs/common';
import { PersistenceModule } from '@craftstats/persistence';
import { CACHE_MAX_ENTRIES } from '../http-cache/cache-policy';
import { HttpCacheModule, microCacheProvider } from '../http-cache/http-cache.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

@Module({
  imports: [PersistenceModule, HttpCacheModule],
  controllers: [SearchController],
  providers: [SearchService, microCacheProvider('search', CACHE_MAX_ENTRIES.searches)],
})
export class SearchModule {}

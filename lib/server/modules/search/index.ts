/** The search's own data: 同义词 the operator keeps, and the query log (per day, no shopper's identity) behind 热门搜索 and the console's statistics. */
export { cachedSynonymPairs, addSynonym, listSynonyms, removeSynonym } from './synonyms';
export { listPopularQueries, logSearch, type QueryCount, searchQueryStats } from './query-log';

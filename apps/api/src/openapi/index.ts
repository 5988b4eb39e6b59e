export * from './openapi.decorators';
export * from './openapi.schemas';
export * from './openapi.setup';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '@meramot/shared';
import { api } from '@/lib/api-client';
import { serviceKeys } from '@/lib/query-keys';

/** GET /api/services/categories: active services per home category. */
export const getCategories = () => api<CategoryCount[]>('/services/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: serviceKeys.categories(), queryFn: getCategories, staleTime: 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());

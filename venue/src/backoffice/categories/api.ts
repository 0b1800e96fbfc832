import { categoryPaths, type Category, type CategoryInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

const categories = resourceApi<Category, CategoryInput>(categoryPaths.cms);

export const categoryKeys = categories.keys;
export const categoriesListQuery = categories.listQuery;
export const useSaveCategory = categories.useSave;
export const useDeleteCategories = categories.useDelete;

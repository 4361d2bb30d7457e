/*===- lac_tags.c - Baidu LAC through PaddleDNN's C API, in plain C --------===*
 *
 *   lac_tags liblac.so conf/tag.dic < ids.txt        (a compiled library)
 *   lac_tags --compile model/ conf/tag.dic < ids.txt (compiled in-process)
 *
 * Reads sentences as word ids (one sentence per line, as `pdnn-lac --ids`
 * prints them), runs them as one LoD batch and prints each character's tag
 * name, one sentence per line, as `pdnn-lac --tags` does.
 *
 *===----------------------------------------------------------------------===*/

#include "PaddleDNN/PaddleDNN.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int64_t *data;
  int64_t size, capacity;
} Int64s;

static int push(Int64s *list, int64_t value) {
  if (list->size == list->capacity) {
    int64_t capacity = list->capacity ? 2 * list->capacity : 256;
    int64_t *data = realloc(list->data, (size_t)capacity * sizeof(int64_t));
    if (!data)
      return 0;
    list->data = data;
    list->capacity = capacity;
  }
  list->data[list->size++] = value;
  return 1;
}

/* tag.dic: "<id>\t<name>" per line. */
static char **readTags(const char *path, int64_t *count) {
  FILE *file = fopen(path, "r");
  if (!file)
    return NULL;
  char **names = calloc(256, sizeof(char *));
  char line[256];
  *count = 0;
  while (names && fgets(line, sizeof line, file)) {
    char name[128];
    long id;
    if (sscanf(line, "%ld\t%127s", &id, name) == 2 && id >= 0 && id < 256) {
      names[id] = strdup(name);
      if (id + 1 > *count)
        *count = id + 1;
    }
  }
  fclose(file);
  return names;
}

int main(int argc, char **argv) {
  int compile = argc == 4 && strcmp(argv[1], "--compile") == 0;
  if (argc != 3 && !compile) {
    fprintf(stderr, "usage: %s LIBRARY TAG_DIC < ids.txt\n"
                    "       %s --compile MODEL_DIR TAG_DIC < ids.txt\n",
            argv[0], argv[0]);
    return 2;
  }
  const char *model = argv[compile ? 2 : 1], *tagDic = argv[compile ? 3 : 2];
  int64_t numTags = 0;
  char **tags = readTags(tagDic, &numTags);
  if (!tags) {
    fprintf(stderr, "lac_tags: cannot read %s\n", tagDic);
    return 1;
  }

  /* One LoD batch: the ids of every sentence and their row offsets. */
  Int64s ids = {0}, lod = {0};
  push(&lod, 0);
  char line[65536];
  while (fgets(line, sizeof line, stdin)) {
    char *at = line, *end;
    int64_t before = ids.size;
    for (long long id = strtoll(at, &end, 10); end != at; id = strtoll(at, &end, 10)) {
      if (!push(&ids, id))
        return 1;
      at = end;
    }
    if (ids.size > before && !push(&lod, ids.size))
      return 1;
  }

  pdnn_predictor *predictor = NULL;
  pdnn_status status = compile ? pdnn_predictor_compile(model, NULL, &predictor)
                               : pdnn_predictor_load(model, &predictor);
  if (status != PDNN_OK) {
    fprintf(stderr, "lac_tags: %s\n", pdnn_last_error());
    return 1;
  }
  int64_t shape[2] = {ids.size, 1};
  pdnn_input input = {"words", PDNN_INT64, 2, shape, ids.data, lod.data, lod.size};
  pdnn_tensor *output = NULL;
  if (pdnn_predictor_run(predictor, &input, 1, &output, 1) != PDNN_OK) {
    fprintf(stderr, "lac_tags: %s\n", pdnn_last_error());
    return 1;
  }
  const int64_t *tagIds = pdnn_tensor_data(output);
  int64_t lodSize = 0;
  const int64_t *offsets = pdnn_tensor_lod(output, &lodSize);
  for (int64_t s = 0; s + 1 < lodSize; ++s) {
    for (int64_t i = offsets[s]; i < offsets[s + 1]; ++i) {
      int64_t tag = tagIds[i];
      printf("%s%s", i > offsets[s] ? " " : "",
             tag >= 0 && tag < numTags && tags[tag] ? tags[tag] : "?");
    }
    printf("\n");
  }
  pdnn_tensor_destroy(output);
  pdnn_predictor_destroy(predictor);
  for (int64_t i = 0; i < numTags; ++i)
    free(tags[i]);
  free(tags);
  free(ids.data);
  free(lod.data);
  return 0;
}

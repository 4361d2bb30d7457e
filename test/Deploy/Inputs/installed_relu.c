/* A C program built against the installed tree alone: loads a library
 * pdnn-compile wrote for Inputs/relu.mlir and prints relu of six values. */
#include <PaddleDNN/PaddleDNN.h>

#include <stdio.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  pdnn_predictor *predictor = NULL;
  if (pdnn_predictor_load(argv[1], &predictor) != PDNN_OK) {
    fprintf(stderr, "%s\n", pdnn_last_error());
    return 1;
  }
  float data[6] = {-1.5f, 2, -3, 4, -5, 6.25f};
  int64_t shape[2] = {2, 3};
  pdnn_input input = {NULL, PDNN_FLOAT32, 2, shape, data, NULL, 0};
  pdnn_tensor *output = NULL;
  if (pdnn_predictor_run(predictor, &input, 1, &output, 1) != PDNN_OK) {
    fprintf(stderr, "%s\n", pdnn_last_error());
    return 1;
  }
  const float *values = pdnn_tensor_data(output);
  printf("%s:", pdnn_predictor_name(predictor));
  for (int64_t i = 0; i < pdnn_tensor_num_elements(output); ++i)
    printf(" %g", values[i]);
  printf("\n");
  pdnn_tensor_destroy(output);
  pdnn_predictor_destroy(predictor);
  return 0;
}

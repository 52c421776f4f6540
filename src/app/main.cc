#include "app/app.h"

int main(int argc, char** argv) { return warpsim::app::run_main(argc, argv); }
